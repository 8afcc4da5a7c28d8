"""Campaigns kept by hand, as gamemasters lay them out, and what their next century pays, by hand.

    hand_kept_centuries.py OUTDIR [NAME…]  writes OUTDIR/<name>.xlsx (formulas' values saved by
                                           LibreOffice) and OUTDIR/campaigns.json: for each
                                           campaign the century paid by hand, the --carry given,
                                           the sheets typed later, and each god's pay and carry
                                           at the next century, worked out here from the
                                           campaign's own numbers (not from the add-in's code).
    hand_kept_centuries.py add FILE SHEET ROWS.json
                                           adds a sheet typed later to FILE, every other part of
                                           the zip kept byte for byte.

Each campaign is legal under the rules: shares of a race add up to 100, units are whole, a carry
is below 1. Deaths and counts of the centuries already paid are history and never paid again.
"""
import json, os, re, shutil, subprocess, sys, tempfile, zipfile
from fractions import Fraction as F

import openpyxl
from openpyxl.styles import Font


# ---------------------------------------------------------------- the hand computation

def strength(race):
    return race["units"] + 3 * race.get("cities", 0) + 6 * race.get("great", 0)


def earned(c, god, century):
    """What one recipient earns at a century end, exactly (RULES.md section 10)."""
    cards = c["cards"].get(god, {})
    total = F(0)
    for s in c["sources"]:
        n = cards.get(s["sphere"], 0)
        if n == 0:
            continue
        mult = F(s["rate"]) * (1 if s.get("flat") else n)
        basis = s["basis"]
        if basis == "worship":
            count = sum((F(0) if r.get("turmoil") else F(strength(r))) * F(r["shares"].get(god, 0)) / 100 for r in c["races"])
        elif basis == "diabolism":
            count = sum((F(0) if r.get("turmoil") else F(strength(r))) * F(r["shares"].get("Diabolism", 0)) / 100 for r in c["races"])
        elif basis == "deaths":
            cause = (s.get("cause") or "any").strip().lower()
            count = F(sum(d[3] for d in c["deaths"].get(century, []) if cause == "any" or d[1].strip().lower() == cause))
        elif basis == "count":
            count = F(c["counts"].get(century, {}).get(s["source"], 0))
        else:
            raise ValueError(basis)
        total += mult * count
    return total


def rounded6(x):
    """A carry as the Ledger keeps it: to the millionth, half away from zero."""
    scaled = x * 1000000
    n = (2 * abs(scaled.numerator) + scaled.denominator) // (2 * scaled.denominator)
    return F(n if scaled >= 0 else -n, 1000000)


def expected(c):
    """Each recipient's pay and carry at century N+1: floor(opening carry + earned), the rest carried."""
    n = c["century"]
    out = []
    recipients = [g for g, kind in c["gods"] if kind != "demon"] + (["Demons"] if "Demons" in c["cards"] else [])
    for god in recipients:
        opening = rounded6(F(c["opening"].get(god, "0")))
        whole = opening + earned(c, god, n + 1)
        paid = max(0, whole.numerator // whole.denominator)
        out.append({"god": god, "opening": str(float(opening)), "earned": float(earned(c, god, n + 1)), "paid": paid, "carry": float(whole - paid)})
    return out


# ---------------------------------------------------------------- laying sheets out by hand

BOLD = Font(bold=True)


def sheet(wb, name, titles, headers, rows, merged=True, totals=None):
    """A sheet as kept by hand: title rows (merged over the headers' width, or not), headers,
    rows (None leaves a cell blank; a row of None is a blank row), and a totals row
    (a label, then a =SUM over each column listed)."""
    ws = wb.create_sheet(name)
    for i, t in enumerate(titles, 1):
        if t is None:
            continue
        ws.cell(row=i, column=1, value=t).font = Font(bold=True, size=14)
        if merged and len(headers) > 1:
            ws.merge_cells(start_row=i, start_column=1, end_row=i, end_column=len(headers))
    top = len(titles) + 1
    for j, h in enumerate(headers, 1):
        ws.cell(row=top, column=j, value=h).font = BOLD
    for i, r in enumerate(rows, top + 1):
        for j, v in enumerate(r, 1):
            if v is not None:
                ws.cell(row=i, column=j, value=v)
    if totals is not None:
        label_col, label, cols = totals
        bottom = top + len(rows) + 1
        ws.cell(row=bottom, column=label_col, value=label).font = BOLD
        for col in cols:
            letter = openpyxl.utils.get_column_letter(col)
            ws.cell(row=bottom, column=col, value="=SUM(%s%d:%s%d)" % (letter, top + 1, letter, bottom - 1))
    return ws


def shares_text(shares):
    return ", ".join("%s %s%%" % (m, v) for m, v in shares.items())


# ---------------------------------------------------------------- the campaigns

SOURCES_VYR = [
    {"sphere": "War", "source": "War dead", "basis": "deaths", "rate": "0.5", "cause": "war"},
    {"sphere": "War", "source": "Warriors' prayers", "basis": "worship", "rate": "0.1"},
    {"sphere": "Sea", "source": "Drowned", "basis": "deaths", "rate": "0.25", "cause": "water"},
    {"sphere": "Sun", "source": "Sunlit faithful", "basis": "worship", "rate": "0.05"},
    {"sphere": "Death", "source": "All the dead", "basis": "deaths", "rate": "0.1", "flat": True, "cause": "any"},
    {"sphere": "Harvest", "source": "Harvests", "basis": "count", "rate": "0.2"},
    {"sphere": "Demonic", "source": "Diabolists", "basis": "diabolism", "rate": "0.1"},
]


def rates_rows(sources, cause_case=str):
    return [[s["sphere"], s["source"], s["basis"], float(s["rate"]), "yes" if s.get("flat") else "no", cause_case(s.get("cause") or "")] for s in sources]


def ash(wb):
    """Century 1 paid by hand; one Deaths sheet per century; a god's name in another case; a debt."""
    c = {
        "name": "ash", "century": 1, "carry": [],
        "gods": [("Ashka", "greater"), ("Morrow", "lesser"), ("Ixi", "spirit")],
        "cards": {"Ashka": {"War": 2, "Death": 1}, "Morrow": {"Sea": 1, "Sun": 2}, "Ixi": {"Death": 1}},
        "sources": SOURCES_VYR[:5],
        "races": [
            {"race": "Gnolls", "units": 20, "cities": 1, "shares": {"Ashka": 60, "Morrow": 30, "Atheism": 10}},
            {"race": "Selkies", "units": 12, "great": 1, "shares": {"Morrow": 50, "Ixi": 50}},
        ],
        "deaths": {
            1: [("12 Jan", "WAR", "Gnolls", 4, ""), ("3 Mar", "Water", "Selkies", 2, "a flood")],
            2: [("1 Feb", "war", "Gnolls", 6, "the long siege"), ("9 Apr", "Plague", "Selkies", 3, ""), ("9 Apr", "Plague", "Selkies", 3, "again")],
        },
        "counts": {},
        "opening": {"Ashka": "0.4", "Morrow": "0.75", "Ixi": "-1.5"},
    }
    sheet(wb, "The Gods", ["Gods of the Ash Age"], ["Name", "Rank", "War", "Sea", "Death", "Sun"], [
        ["Ashka ", "GREATER", 2, None, 1, None],
        ["morrow", "Lesser", None, 1, None, 2],
        ["Ixi", "Spirit", None, None, 1, None],
    ], totals=(1, "Total", [3, 4, 5, 6]))
    sheet(wb, "Rates", ["Mana sources", None], ["Sphere", "Source", "Basis", "Rate", "Flat", "Cause"], rates_rows(c["sources"]), merged=False)
    sheet(wb, "Earth", ["The peoples"], ["Race", "Units", "Cities", "Great Cities", "Worshipped by"], [
        ["Gnolls", 20, 1, 0, "Ashka 60%, morrow 30%, Atheism 10%"],
        ["Selkies", 12, 0, 1, "Morrow 50%, IXI 50%"],
    ], totals=(1, "Total", [2, 3, 4]))
    for cent, name in ((1, "Deaths C1"), (2, "Deaths C2")):
        rows = []
        for i, d in enumerate(c["deaths"][cent]):
            rows.append([d[0], d[1], d[2], d[3], d[4] or None])
            if i == 0:
                rows.append([None] * 5)
        sheet(wb, name, ["Deaths of century %d" % cent], ["Date", "Cause", "Race", "Units", "Note"], rows, totals=(1, "Total", [4]))
    sheet(wb, "Mana C1", ["What was paid, century 1"], ["God", "Earned", "Paid", "Left over"], [
        ["Ashka", 3.4, 3, 0.4], ["Morrow", 2.75, 2, 0.75], ["Ixi", 0.5, 2, -1.5],
    ])
    return c


def tides(wb):
    """Century 2 paid by hand; one deaths log with a Century column; cards in long form; a race x god
    grid of shares; counts in a sheet per century; a mana sheet per century; --carry over a sheet's carry."""
    c = {
        "name": "tides", "century": 2, "carry": ["Ember=0.9"],
        "gods": [("Tide", "greater"), ("Ember", "greater"), ("Reed", "lesser")],
        "cards": {"Tide": {"Sea": 2, "Harvest": 1}, "Ember": {"War": 1, "Sun": 1}, "Reed": {"Harvest": 2, "Death": 1}, "Demons": {"Demonic": 1}},
        "sources": SOURCES_VYR,
        "races": [
            {"race": "Merfolk", "units": 18, "cities": 2, "shares": {"Tide": 40, "Ember": 10, "Diabolism": 25, "Atheism": 25}},
            {"race": "Humans", "units": 30, "cities": 1, "great": 1, "shares": {"Ember": 50, "Reed": 30, "Diabolism": 20}},
            {"race": "Kobolds", "units": 9, "turmoil": True, "shares": {"Reed": 100}},
        ],
        "deaths": {
            1: [("spring", "Water", "Merfolk", 5, "")],
            2: [("2 May", "FIRE", "Humans", 2, ""), ("summer", "war", "Humans", 3, "")],
            3: [("3 Jan", "Water", "Merfolk", 4, "storm"), ("4 Jan", "war", "Kobolds", 7, ""), ("5 Jan", "fire", "Humans", 1, "")],
        },
        "counts": {1: {"Harvests": 3}, 2: {"Harvests": 4}, 3: {"Harvests": 7}},
        "opening": {"Tide": "0.5", "Ember": "0.9", "Reed": "0", "Demons": "0.2"},
    }
    sheet(wb, "Deities", ["Deities", None], ["God", "Kind"], [[g, k.capitalize()] for g, k in c["gods"]], merged=False)
    sheet(wb, "Cards", [], ["God", "Sphere", "Cards"], [[g, s, n] for g, sp in c["cards"].items() for s, n in sp.items()])
    sheet(wb, "Spheres and rates", ["Rates", "per card"], ["Sphere", "Source", "Basis", "Rate", "Flat", "Cause"], rates_rows(c["sources"], str.upper), merged=True)
    members = ["Tide", "Ember", "Reed", "Diabolism", "Atheism"]
    sheet(wb, "Mortals", ["Mortal races"], ["Race", "Units", "Cities", "Great Cities", "Turmoil"] + members, [
        [r["race"], r["units"], r.get("cities", 0), r.get("great", 0), "yes" if r.get("turmoil") else "no"] + [r["shares"].get(m) for m in members]
        for r in c["races"]
    ])
    log = []
    for cent in (1, 2, 3):
        for d in c["deaths"][cent]:
            log.append([cent, d[0], d[1], d[2], d[3]])
        log.append([None] * 5)
    sheet(wb, "Death log", ["The dead", "as the referees counted them"], ["Century", "When", "Cause of death", "Race", "Units lost"], log, merged=True, totals=(3, "Sum", [5]))
    for cent in (1, 2, 3):
        sheet(wb, "Counts C%d" % cent, [], ["Source", "Count"], [["Harvests", c["counts"][cent]["Harvests"]]])
    sheet(wb, "Mana - C1", ["Century 1"], ["God", "Paid", "Fraction carried"], [["Tide", 2, 0.25], ["Ember", 1, 0.5], ["Reed", 0, 0.5]])
    sheet(wb, "Mana - C2", ["Century 2"], ["God", "Paid", "Fraction carried"], [["Tide", 3, 0.5], ["Ember", 1, 0.125], ["Demons", 1, 0.2]])
    return c


def long_(wb):
    """Century 4 paid by hand; Deaths sheets named every way a gamemaster names them; counts with a
    column per century; a carry worked out by a formula (a third, rounded to millionths); a debt."""
    c = {
        "name": "long", "century": 4, "carry": [],
        "gods": [("Oru", "greater"), ("Senna", "lesser"), ("Vask", "demon")],
        "cards": {"Oru": {"War": 1, "Harvest": 2}, "Senna": {"Sun": 2, "Death": 1}},
        "sources": SOURCES_VYR[:6],
        "races": [
            {"race": "Giants", "units": 7, "great": 1, "shares": {"Oru": 70, "Senna": 30}},
            {"race": "Halflings", "units": 25, "cities": 2, "shares": {"Senna": 80, "Atheism": 20}},
        ],
        "deaths": {
            1: [("winter", "war", "Giants", 3, "")],
            2: [("1 Jun", "Famine", "Halflings", 2, "")],
            3: [("2 Jun", "War", "Halflings", 5, "")],
            4: [("3 Jun", "WAR", "Giants", 1, "")],
            5: [("9 Sep", "war", "Giants", 2, ""), ("10 Sep", "Famine", "Halflings", 4, ""), ("11 Sep", "water", "Halflings", 3, "")],
        },
        "counts": {1: {"Harvests": 1}, 2: {"Harvests": 2}, 3: {"Harvests": 3}, 4: {"Harvests": 4}, 5: {"Harvests": 6}},
        "opening": {"Oru": "1/3", "Senna": "-0.6"},
    }
    sheet(wb, "Gods", ["Our gods"], ["God", "Kind", "War", "Sun", "Death", "Harvest"], [
        ["Oru", "greater", 1, None, None, 2], ["Senna", "LESSER", None, 2, 1, None], ["Vask", "Demon", None, None, None, None],
    ])
    sheet(wb, "Rates", [], ["Sphere", "Source", "Basis", "Rate", "Flat", "Cause"], rates_rows(c["sources"]))
    sheet(wb, "Races", ["Earth", None], ["Race", "Units", "Cities", "Great Cities", "Worshipped by"], [
        [r["race"], r["units"], r.get("cities", 0), r.get("great", 0), shares_text(r["shares"])] for r in c["races"]
    ], merged=False)
    names = {1: "Deaths C1", 2: "C2 Deaths", 3: "Deaths 3", 4: "Century 4", 5: "Deaths - C5"}
    for cent, name in names.items():
        sheet(wb, name, ["Deaths"], ["Date", "Cause", "Race", "Units"], [[d[0], d[1], d[2], d[3]] for d in c["deaths"][cent]], totals=(1, "Total", [4]))
    sheet(wb, "Harvests", ["Counted at each century's end"], ["Source"] + ["Century %d" % i for i in range(1, 6)], [
        ["Harvests"] + [c["counts"][i]["Harvests"] for i in range(1, 6)],
    ])
    sheet(wb, "Mana C3", [], ["God", "Earned", "Paid", "Carry"], [["Oru", 2.5, 2, 0.5], ["Senna", 1.2, 1, 0.2]])
    ws = sheet(wb, "Mana C4", [], ["God", "Earned", "Paid", "Carry"], [["Oru", None, 3, None], ["Senna", 0.2, 1, -0.6]])
    ws["B2"] = "=10/3"
    ws["D2"] = "=B2-C2"
    return c


def bare(wb):
    """Century 2 paid by hand, and no rates kept at all: the Sources table comes in empty and is
    filled as the docs say before the first century end; a debt and a carry given with --carry."""
    c = {
        "name": "bare", "century": 2, "carry": ["Kettu=-2.5", "Lio=0.35"],
        "gods": [("Kettu", "lesser"), ("Lio", "greater")],
        "cards": {"Kettu": {"War": 1, "Death": 1}, "Lio": {"Sun": 3}},
        "sources": [SOURCES_VYR[0], SOURCES_VYR[3], SOURCES_VYR[4]],
        "races": [{"race": "Elves", "units": 20, "cities": 2, "shares": {"Lio": 60, "Kettu": 40}}],
        "deaths": {
            1: [("1 Jan", "war", "Elves", 9, "")],
            2: [("1 Jan", "war", "Elves", 1, "")],
            3: [("5 May", "War", "Elves", 5, ""), ("6 May", "plague", "Elves", 2, "")],
        },
        "counts": {},
        "opening": {"Kettu": "-2.5", "Lio": "0.35"},
    }
    sheet(wb, "Pantheon of Elves", ["The gods"], ["God", "Kind", "War", "Death", "Sun"], [["Kettu", "lesser", 1, 1, None], ["Lio", "greater", None, None, 3]])
    sheet(wb, "Elves", [], ["Race", "Units", "Cities", "Worshipped by"], [["Elves", 20, 2, "Lio 60%, Kettu 40%"]])
    for cent in (1, 2, 3):
        sheet(wb, "C%d Deaths" % cent, ["Deaths, century %d" % cent], ["Date", "Cause", "Race", "Units"], [list(d[:4]) for d in c["deaths"][cent]], totals=(1, "Total", [4]))
    return c


def later(wb):
    """Century 1 paid by hand, its carries worked out by formulas; the deaths of century 2 typed in a
    sheet of their own after the campaign was brought in."""
    c = {
        "name": "later", "century": 1, "carry": [],
        "gods": [("Thalor", "greater"), ("Myrra", "lesser")],
        "cards": {"Thalor": {"War": 2}, "Myrra": {"Sea": 2, "Sun": 1}},
        "sources": SOURCES_VYR[:4],
        "races": [{"race": "Dwarves", "units": 15, "cities": 1, "great": 1, "shares": {"Thalor": 50, "Myrra": 30, "Atheism": 20}}],
        "deaths": {
            1: [("7 Mar", "war", "Dwarves", 2, "")],
            2: [("8 Mar", "War", "Dwarves", 3, ""), ("9 Mar", "WATER", "Dwarves", 2, "")],
        },
        "counts": {},
        "opening": {"Thalor": "0.6", "Myrra": "0.35"},
        "later": {"sheet": "Deaths C2", "rows": [["Deaths of century 2"], ["Date", "Cause", "Race", "Units"], ["8 Mar", "War", "Dwarves", 3], [], ["9 Mar", "WATER", "Dwarves", 2], ["Total", None, None, 5]]},
    }
    sheet(wb, "Gods", [], ["God", "Kind", "War", "Sea", "Sun"], [["Thalor", "Greater", 2, None, None], ["Myrra", "Lesser", None, 2, 1]])
    sheet(wb, "Sources", ["Rates"], ["Sphere", "Source", "Basis", "Rate", "Flat", "Cause"], rates_rows(c["sources"]))
    sheet(wb, "Earth", [], ["Race", "Units", "Cities", "Great Cities", "Worshipped by"], [["Dwarves", 15, 1, 1, "Thalor 50%, Myrra 30%, Atheism 20%"]])
    sheet(wb, "Deaths C1", ["Deaths of century 1"], ["Date", "Cause", "Race", "Units"], [list(d[:4]) for d in c["deaths"][1]], totals=(1, "Total", [4]))
    ws = sheet(wb, "Mana C1", ["Century 1"], ["God", "Earned", "Paid", "Carried"], [["Thalor", 5.6, 5, None], ["Myrra", 2.35, 2, None]])
    ws["D3"] = "=B3-C3"
    ws["D4"] = "=B4-C4"
    return c


def wide(wb):
    """Century 2 paid by hand; deaths kept as a row per cause and a column per century; counts with
    their century typed "C1"; one mana sheet for every century, with a Century column; settings."""
    c = {
        "name": "wide", "century": 2, "carry": [],
        "gods": [("Nox", "greater"), ("Pell", "spirit")],
        "cards": {"Nox": {"Death": 2, "Harvest": 1}, "Pell": {"Sea": 1, "War": 1}},
        "sources": SOURCES_VYR[:6],
        "races": [{"race": "Trolls", "units": 11, "cities": 1, "shares": {"Nox": 70, "Pell": 30}}],
        "deaths": {
            1: [("", "War", "", 3, ""), ("", "Plague", "", 1, "")],
            2: [("", "War", "", 1, ""), ("", "Water", "", 2, "")],
            3: [("", "War", "", 4, ""), ("", "Water", "", 5, ""), ("", "Plague", "", 2, "")],
        },
        "counts": {1: {"Harvests": 2}, 2: {"Harvests": 5}, 3: {"Harvests": 3}},
        "opening": {"Nox": "0.45", "Pell": "0.8"},
    }
    sheet(wb, "Heaven", ["Heaven"], ["God", "Kind"], [["Nox", "GREATER"], ["Pell", "spirit"]])
    sheet(wb, "Cards held", [], ["God", "Sphere", "Cards"], [[g, sp, n] for g, d in c["cards"].items() for sp, n in d.items()])
    sheet(wb, "Rates", [], ["Sphere", "Source", "Basis", "Rate", "Flat", "Cause"], rates_rows(c["sources"]))
    sheet(wb, "Earth", [], ["Race", "Units", "Cities", "Worshipped by"], [["Trolls", 11, 1, "Nox 70%, Pell 30%"]])
    causes = ["War", "Water", "Plague"]
    rows = []
    for i, cause in enumerate(causes):
        row = [cause]
        for cent in (1, 2, 3):
            n = sum(d[3] for d in c["deaths"][cent] if d[1] == cause)
            row.append(n if n else None)
        row.append("=SUM(B%d:D%d)" % (i + 3, i + 3))
        rows.append(row)
    rows.append([None] * 5)
    sheet(wb, "Deaths by century", ["Deaths"], ["Cause", "Century 1", "Century 2", "Century 3", "Total"], rows, totals=(1, "Total", [2, 3, 4, 5]))
    sheet(wb, "Counts", [], ["Century", "Source", "Count"], [["C%d" % i, "Harvests", c["counts"][i]["Harvests"]] for i in (1, 2, 3)])
    sheet(wb, "Mana", ["Mana paid, century by century"], ["God", "Century", "Paid", "Kept"], [
        ["Nox", 1, 4, 0.15], ["Pell", 1, 2, 0.3], [None] * 4, ["Nox", 2, 6, 0.45], ["Pell", 2, 1, 0.8],
    ])
    sheet(wb, "Settings", ["Campaign settings"], ["Setting", "Value"], [["Era Centrum length", 16]])
    return c


CAMPAIGNS = [ash, tides, long_, bare, later, wide]


def saved_by_libreoffice(made, outdir):
    """The workbooks opened and saved by LibreOffice (in one run), so that every formula has its saved value."""
    work = tempfile.mkdtemp(prefix="hand-kept-lo-")
    try:
        profile = os.path.join(work, "profile")
        out = os.path.join(work, "out")
        raws = [os.path.join(outdir, "raw", m["file"]) for m in made]
        subprocess.run(["soffice", "-env:UserInstallation=file://" + profile, "--headless", "--convert-to", "xlsx", "--outdir", out] + raws,
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)
        for m in made:
            shutil.copyfile(os.path.join(out, m["file"]), os.path.join(outdir, m["file"]))
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(os.path.join(outdir, "raw"), ignore_errors=True)


def write_all(outdir, only):
    os.makedirs(os.path.join(outdir, "raw"), exist_ok=True)
    made = []
    for make in CAMPAIGNS:
        if only and make.__name__.strip("_") not in only:
            continue
        wb = openpyxl.Workbook()
        wb.remove(wb.active)
        c = make(wb)
        wb.save(os.path.join(outdir, "raw", c["name"] + ".xlsx"))
        made.append({
            "name": c["name"], "file": c["name"] + ".xlsx", "century": c["century"], "carry": c["carry"],
            "sources": [[s["sphere"], s["source"], s["basis"], float(s["rate"]), "yes" if s.get("flat") else "no", s.get("cause") or ""] for s in c["sources"]],
            "later": c.get("later"),
            "expected": expected(c),
        })
    saved_by_libreoffice(made, outdir)
    with open(os.path.join(outdir, "campaigns.json"), "w") as f:
        json.dump(made, f, indent=1)


# ---------------------------------------------------------------- a sheet typed later, the zip kept

def esc(t):
    return t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def add_sheet(path, name, rows):
    with zipfile.ZipFile(path) as z:
        parts = [(i, z.read(i.filename)) for i in z.infolist()]
    files = {i.filename: data for i, data in parts}
    n = 1
    while "xl/worksheets/sheet%d.xml" % n in files:
        n += 1
    part = "xl/worksheets/sheet%d.xml" % n
    xml_rows = []
    for r, row in enumerate(rows, 1):
        cells = []
        for j, v in enumerate(row):
            ref = "%s%d" % (openpyxl.utils.get_column_letter(j + 1), r)
            if v is None:
                continue
            if isinstance(v, (int, float)):
                cells.append('<c r="%s"><v>%s</v></c>' % (ref, v))
            else:
                cells.append('<c r="%s" t="inlineStr"><is><t>%s</t></is></c>' % (ref, esc(v)))
        xml_rows.append('<row r="%d">%s</row>' % (r, "".join(cells)))
    sheet_xml = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                 '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
                 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
                 '<sheetData>%s</sheetData></worksheet>' % "".join(xml_rows)).encode()
    rels = files["xl/_rels/workbook.xml.rels"].decode()
    ids = [int(x) for x in re.findall(r'Id="rId(\d+)"', rels)]
    rid = "rId%d" % (max(ids) + 1)
    rels = rels.replace("</Relationships>", '<Relationship Id="%s" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet%d.xml"/></Relationships>' % (rid, n))
    book = files["xl/workbook.xml"].decode()
    sheet_ids = [int(x) for x in re.findall(r'sheetId="(\d+)"', book)]
    book = re.sub(r"</sheets>", '<sheet name="%s" sheetId="%d" r:id="%s"/></sheets>' % (esc(name), max(sheet_ids) + 1, rid), book, count=1)
    types = files["[Content_Types].xml"].decode()
    types = types.replace("</Types>", '<Override PartName="/%s" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>' % part)
    changed = {"xl/_rels/workbook.xml.rels": rels.encode(), "xl/workbook.xml": book.encode(), "[Content_Types].xml": types.encode()}
    tmp = path + ".tmp"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in parts:
            z.writestr(info, changed.get(info.filename, data))
        z.writestr(part, sheet_xml)
    os.replace(tmp, path)


if __name__ == "__main__":
    if sys.argv[1] == "add":
        add_sheet(sys.argv[2], sys.argv[3], json.load(open(sys.argv[4])))
    else:
        write_all(sys.argv[1], sys.argv[2:])
