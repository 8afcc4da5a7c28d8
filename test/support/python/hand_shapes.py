"""Campaigns kept by hand in Excel, as gamemasters lay them out, each with what its next century
pays worked out by hand here (with fractions, not with the add-in's code).

    hand_shapes.py OUTDIR

writes OUTDIR/<name>.xlsx for each campaign (formulas with the values LibreOffice saved with
them, when soffice is at hand) and OUTDIR/expected.json: for each campaign its file, the last
century paid by hand, the --carry arguments a gamemaster would give, and per recipient what the
next century pays and carries.

The shapes: merged title rows over headers in row 2, 3 or 4; blank rows; totals rows; cards as
one column per sphere (counts, "x", "yes", a tick) and in long form (a god's name merged down
over its rows); worship as a race by god grid (percent cells, 0.4, "40%" typed as text), in long
form, or typed as text ("Solara 40%, Vorn 25%"); names with stray spaces or in another case;
kinds typed "Greater God", "lesser god", "DEMON"; formulas; sheets named in other ways, columns
in other orders, and columns of the gamemaster's own (notes, colours, a number).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction as F

import openpyxl
from openpyxl.styles import Alignment, Font

# ---------------------------------------------------------------- the rules, by hand


def strength(r):
    return r["units"] + 3 * r.get("cities", 0) + 6 * r.get("great", 0)


def decimal(x):
    """An exact fraction of tenths, hundredths... written out in full: 311/500 is "0.622"."""
    sign = "-" if x < 0 else ""
    x = abs(x)
    whole, rest = divmod(x.numerator, x.denominator)
    digits = ""
    while rest and len(digits) < 30:
        rest *= 10
        digits += str(rest // x.denominator)
        rest %= x.denominator
    assert rest == 0, x
    return sign + str(whole) + ("." + digits if digits else "")


def next_century(c):
    """What century c["century"] + 1 pays each recipient: floor(carry + earned), and the rest."""
    n = c["century"] + 1
    gods = [g for g in c["gods"] if g["kind"] != "demon"]
    recipients = [g["name"] for g in gods] + ["Demons"]
    cards = {g["name"]: g.get("cards", {}) for g in gods}
    cards["Demons"] = c.get("demons", {})
    deaths = [d for d in c["deaths"] if d[0] == n]

    def worshippers(member):
        total = F(0)
        for r in c["races"]:
            if r.get("turmoil"):
                continue
            total += strength(r) * F(r["shares"].get(member, 0)) / 100
        return total

    out = []
    for god in recipients:
        earned = F(0)
        for sphere, source, basis, rate, flat, cause in c["sources"]:
            held = cards[god].get(sphere, 0)
            if held == 0:
                continue
            mult = F(rate) if flat else F(rate) * held
            if basis == "worship":
                count = worshippers("Diabolism" if god == "Demons" else god)
            elif basis == "diabolism":
                count = worshippers("Diabolism")
            elif basis == "deaths":
                count = sum(u for (_, why, u, _r) in deaths if cause in (None, "any") or why.lower() == cause.lower())
            else:
                raise ValueError(basis)
            earned += mult * count
        carried = F(c["carries"].get(god, "0"))
        total = carried + earned
        paid = total.numerator // total.denominator
        out.append({"god": god, "earned": decimal(earned), "paid": paid, "carry": decimal(total - paid)})
    return out


# ---------------------------------------------------------------- the campaigns

ALDMOOR = {
    "name": "aldmoor",
    "century": 4,
    "gods": [
        {"name": "Solara", "kind": "greater", "cards": {"Sun": 2, "Sky": 1}},
        {"name": "Vorn", "kind": "greater", "cards": {"War": 3}},
        {"name": "Mirelle", "kind": "lesser", "cards": {"Sea": 1, "Sky": 1}},
        {"name": "Azrakel", "kind": "demon"},
    ],
    "demons": {"Death": 1},
    "sources": [
        ("War", "War dead", "deaths", "0.5", False, "war"),
        ("War", "Warriors' prayers", "worship", "0.1", False, None),
        ("Sun", "Sunlit faithful", "worship", "0.05", False, None),
        ("Sky", "Storm dead", "deaths", "0.25", False, "air"),
        ("Sky", "Sky worship", "worship", "0.02", True, None),
        ("Sea", "Drowned", "deaths", "0.3", False, "water"),
        ("Death", "All the dead", "deaths", "0.1", True, "any"),
        ("Death", "Damned", "diabolism", "0.2", False, None),
    ],
    "races": [
        {"race": "Elves", "units": 20, "cities": 2, "shares": {"Solara": 40, "Vorn": 25, "Diabolism": 20, "Atheism": 15}},
        {"race": "Dwarves", "units": 15, "cities": 1, "great": 1, "shares": {"Vorn": 60, "Mirelle": 40}},
        {"race": "Orcs", "units": 12, "turmoil": True, "shares": {"Vorn": 50, "Diabolism": 50}},
        {"race": "Merfolk", "units": 9, "shares": {"Mirelle": 70, "Solara": 30}},
    ],
    # (century, cause, units, race)
    "deaths": [(3, "war", 4, "Elves"), (4, "water", 2, "Dwarves"), (4, "war", 5, "Orcs"),
               (5, "war", 6, "Elves"), (5, "water", 4, "Merfolk"), (5, "air", 3, "Dwarves"), (5, "plague", 2, "Orcs")],
    "carries": {"Solara": "0.3", "Vorn": "0.79", "Mirelle": "0.65", "Demons": "0.5"},
    "carry_args": [],
    "guesses": [
        '\'Pantheon\': a mark (x, yes, a tick) under "Sky", "Sea" was read as one card.',
        '\'Peoples\': "Demons" as a member of a pantheon was read as Diabolism',
    ],
}

THESSALY = {
    "name": "thessaly",
    "century": 2,
    "gods": [
        {"name": "Thalor", "kind": "greater", "cards": {"Sun": 2, "Harvest": 1}},
        {"name": "Myrra", "kind": "lesser", "cards": {"Sea": 2}},
        {"name": "Ossian", "kind": "spirit", "cards": {"Harvest": 1}},
    ],
    "demons": {"Death": 2},
    "sources": [
        ("Sun", "Dawn prayers", "worship", "0.05", False, None),
        ("Harvest", "Harvest rites", "worship", "0.04", False, None),
        ("Harvest", "Famine", "deaths", "0.5", False, "starvation"),
        ("Sea", "Drowned", "deaths", "0.25", False, "water"),
        ("Death", "Damned", "diabolism", "0.1", False, None),
        ("Death", "All the dead", "deaths", "0.05", True, "any"),
    ],
    "races": [
        {"race": "Humans", "units": 30, "cities": 3, "great": 1, "shares": {"Thalor": 50, "Myrra": 30, "Diabolism": 20}},
        {"race": "Halflings", "units": 10, "cities": 1, "shares": {"Ossian": 60, "Thalor": 40}},
        {"race": "Gnolls", "units": 8, "shares": {"Diabolism": 75, "Atheism": 25}},
    ],
    "deaths": [(1, "war", 3, "Humans"), (2, "starvation", 2, "Gnolls"),
               (3, "starvation", 5, "Gnolls"), (3, "water", 3, "Humans"), (3, "war", 2, "Halflings")],
    "carries": {"Thalor": "0.45", "Myrra": "0.125", "Demons": "0.9"},
    "carry_args": [],
}

KORR = {
    "name": "korr",
    "century": 3,
    "gods": [
        {"name": "Solara", "kind": "greater", "cards": {"Sun": 1, "Moon": 1}},
        {"name": "Nyx", "kind": "greater", "cards": {"Moon": 2, "Death": 1}},
        {"name": "Kettu", "kind": "lesser", "cards": {"Sun": 1}},
    ],
    "demons": {"Death": 1},
    "sources": [
        ("Sun", "Sunlit faithful", "worship", "0.05", False, None),
        ("Moon", "Night prayers", "worship", "0.03", False, None),
        ("Moon", "Lunar rites", "worship", "0.01", True, None),
        ("Death", "All the dead", "deaths", "0.1", True, "any"),
        ("Death", "Damned", "diabolism", "0.2", False, None),
        ("Death", "Plague dead", "deaths", "0.5", False, "plague"),
    ],
    "races": [
        {"race": "Elves", "units": 20, "cities": 2, "shares": {"Solara": 40, "Nyx": 25, "Diabolism": 20, "Atheism": 15}},
        {"race": "Dwarves", "units": 15, "cities": 1, "great": 1, "shares": {"Nyx": 60, "Kettu": 40}},
        {"race": "Orcs", "units": 12, "turmoil": True, "shares": {"Kettu": 50, "Diabolism": 50}},
        {"race": "Goblins", "units": 7, "shares": {"Atheism": 100}},
        {"race": "Kobolds", "units": 6, "shares": {"Diabolism": 100}},
    ],
    "deaths": [(3, "war", 5, "Orcs"), (4, "plague", 4, "Elves"), (4, "war", 3, "Goblins")],
    "carries": {"Solara": "0.3", "Nyx": "0.79", "Demons": "-1.5"},
    "carry_args": ["--carry", "Solara=0.3", "--carry", "nyx=0.79", "--carry", "Demons=-1.5"],
    "guesses": ['\'Deities\': a mark (x, yes, a tick) under "Sun", "Moon", "Death" was read as one card.'],
}

VARN = {
    "name": "varn",
    "century": 1,
    "gods": [
        {"name": "Ulric", "kind": "greater", "cards": {"War": 2}},
        {"name": "Sefa", "kind": "lesser", "cards": {"Sea": 1, "War": 1}},
    ],
    "demons": {"Death": 1},
    "sources": [
        ("War", "War dead", "deaths", "0.5", False, "war"),
        ("War", "War prayers", "worship", "0.1", False, None),
        ("Sea", "Drowned", "deaths", "0.25", False, "water"),
        ("Sea", "Sailors", "worship", "0.05", False, None),
        ("Death", "Damned", "diabolism", "0.2", False, None),
    ],
    "races": [
        {"race": "Men of Varn", "units": 15, "cities": 1, "shares": {"Ulric": 40, "Sefa": 35, "Diabolism": 25}},
        {"race": "Sea folk", "units": 9, "shares": {"Sefa": 80, "Atheism": 20}},
        {"race": "Trolls", "units": 6, "shares": {"Ulric": 50, "Diabolism": 50}},
    ],
    "deaths": [(1, "war", 2, "Trolls"), (2, "war", 7, "Men of Varn"), (2, "water", 3, "Sea folk")],
    "carries": {},
    "carry_args": [],
}

YSOLDE = {
    "name": "ysolde",
    "century": 5,
    "gods": [
        {"name": "Ysolde", "kind": "greater", "cards": {"Sun": 1, "War": 1}},
        {"name": "Brann", "kind": "greater", "cards": {"War": 2, "Sea": 1}},
        {"name": "Lio", "kind": "spirit", "cards": {"Sea": 1}},
        {"name": "Mordax", "kind": "demon"},
    ],
    "demons": {"Death": 2},
    "sources": [
        ("War", "War dead", "deaths", "0.4", False, "war"),
        ("War", "Battle hymns", "worship", "0.05", False, None),
        ("Sun", "Sunlit faithful", "worship", "0.1", False, None),
        ("Sea", "Drowned", "deaths", "0.25", False, "water"),
        ("Death", "Damned", "diabolism", "0.15", False, None),
    ],
    "races": [
        {"race": "Highlanders", "units": 18, "cities": 1, "great": 1, "shares": {"Ysolde": 45, "Brann": 35, "Diabolism": 20}},
        {"race": "Islanders", "units": 11, "cities": 2, "shares": {"Lio": 50, "Brann": 25, "Atheism": 25}},
        {"race": "Lowlanders", "units": 14, "shares": {"Ysolde": 60, "Diabolism": 40}},
    ],
    "deaths": [(5, "war", 9, "Highlanders"), (6, "war", 4, "Lowlanders"), (6, "water", 5, "Islanders")],
    "carries": {"Ysolde": "0.375", "Brann": "0.5", "Lio": "0.04", "Demons": "0.25"},
    "carry_args": [],
    "guesses": ['\'Worship\': the column "Bran" was read as the shares of Brann (a near name).'],
}

ORM = {
    "name": "orm",
    "century": 2,
    "gods": [
        {"name": "Solara", "kind": "greater", "cards": {"Sun": 2}},
        {"name": "Vorn", "kind": "greater", "cards": {"War": 2, "Sea": 1}},
        {"name": "Kettu", "kind": "lesser", "cards": {"Sun": 1, "Death": 2}},
    ],
    "demons": {"Death": 1},
    "sources": [
        ("War", "War dead", "deaths", "0.5", False, "war"),
        ("War", "Warriors' prayers", "worship", "0.1", False, None),
        ("Sea", "Drowned", "deaths", "0.25", False, "water"),
        ("Sun", "Sunlit faithful", "worship", "0.05", False, None),
        ("Death", "All the dead", "deaths", "0.1", True, "any"),
        ("Death", "Damned", "diabolism", "0.2", False, None),
    ],
    "races": [
        {"race": "Elves", "units": 20, "cities": 2, "shares": {"Solara": 40, "Vorn": 25, "Diabolism": 20, "Atheism": 15}},
        {"race": "Dwarves", "units": 15, "cities": 1, "great": 1, "shares": {"Vorn": 60, "Kettu": 40}},
        {"race": "Orcs", "units": 12, "turmoil": True, "shares": {"Kettu": 50, "Diabolism": 50}},
    ],
    "deaths": [(2, "war", 5, "Orcs"), (3, "war", 6, "Elves"), (3, "water", 4, "Orcs")],
    "carries": {"Solara": "0.3", "Vorn": "0.79", "Kettu": "0.65", "Demons": "0.5"},
    "carry_args": [],
}

BRIGHTWATER = {
    "name": "brightwater",
    "century": 3,
    "gods": [
        {"name": "Aurel", "kind": "greater", "cards": {"Sun": 1, "War": 1}},
        {"name": "Kaia", "kind": "lesser", "cards": {"Sea": 2}},
    ],
    "demons": {"Death": 1},
    "sources": [
        ("Sun", "Sunlit faithful", "worship", "0.05", False, None),
        ("War", "War dead", "deaths", "0.5", False, "war"),
        ("Sea", "Drowned", "deaths", "0.25", False, "water"),
        ("Sea", "Tides", "worship", "0.02", False, None),
        ("Death", "Damned", "diabolism", "0.2", False, None),
    ],
    "races": [
        {"race": "Rivermen", "units": 22, "cities": 2, "shares": {"Aurel": 55, "Kaia": 30, "Diabolism": 15}},
        {"race": "Marsh goblins", "units": 9, "shares": {"Kaia": 40, "Diabolism": 40, "Atheism": 20}},
    ],
    "deaths": [(3, "war", 2, "Rivermen"), (4, "war", 3, "Marsh goblins"), (4, "water", 7, "Rivermen")],
    "carries": {"Aurel": "0.5", "Kaia": "0.25"},
    "carry_args": ["--carry", "Aurel=0.5", "--carry", "KAIA=0.25"],
    "guesses": ['\'The Gods\': the column "Level" holds numbers but is no sphere of your rates'],
}

# ---------------------------------------------------------------- laying sheets out by hand


def title(ws, rows, width, merged=True):
    """Title rows at the top: text in A, merged across the table's width when `merged`."""
    for i, t in enumerate(rows, 1):
        if t is None:
            continue
        ws.cell(row=i, column=1, value=t).font = Font(bold=True, size=14 if i == 1 else 11)
        if merged:
            ws.merge_cells(start_row=i, start_column=1, end_row=i, end_column=width)
            ws.cell(row=i, column=1).alignment = Alignment(horizontal="center")


def put(ws, top, rows):
    """Rows from row `top`: None leaves a cell empty; (value, format) gives a number format."""
    for r, row in enumerate(rows, top):
        for c, v in enumerate(row, 1):
            if v is None:
                continue
            if isinstance(v, tuple):
                ws.cell(row=r, column=c, value=v[0]).number_format = v[1]
            else:
                ws.cell(row=r, column=c, value=v)
    return top + len(rows)


def headers(ws, row, names):
    for c, h in enumerate(names, 1):
        ws.cell(row=row, column=c, value=h).font = Font(bold=True)


def pct(share):
    return (float(F(share) / 100), "0%")


def source_rows(c, order=("Sphere", "Source", "Basis", "Rate", "Flat", "Cause")):
    out = []
    for sphere, source, basis, rate, flat, cause in c["sources"]:
        d = {"Sphere": sphere, "Source": source, "Basis": basis, "Rate": float(F(rate)), "Flat": "yes" if flat else "no", "Cause": cause}
        out.append([d[k] for k in order])
    return out


def aldmoor(wb, c):
    ws = wb.create_sheet("Pantheon")
    title(ws, ["The Gods of Aldmoor", "cards held at the end of century 4"], 9)
    headers(ws, 3, ["Deity", "Rank", "Colour", "Sun", "Sky", "War", "Sea", "Death", "Notes"])
    last = put(ws, 4, [
        ["Solara", "Greater God", "gold", 2, "x", None, None, None, "the sun"],
        [" Vorn", "greater god", "red", None, None, 3, None, None, None],
        ["Mirelle", "lesser god", "blue", None, "yes", None, "\u2713", None, "raised in c3"],
        ["Azrakel", "DEMON", "black", None, None, None, None, None, "cards go to the pool"],
        [None] * 9,
        ["Demons", None, None, None, None, None, None, 1, "the pool"],
    ])
    put(ws, last + 1, [["Total", None, None, "=SUM(D4:D9)", "=COUNTA(E4:E9)", "=SUM(F4:F9)", "=COUNTA(G4:G9)", "=SUM(H4:H9)", None]])
    ws = wb.create_sheet("Peoples")
    title(ws, ["Peoples of Aldmoor and whom they worship"], 11, merged=False)
    # the Diabolism column headed "Demons", whose pool its worship goes to
    headers(ws, 2, ["Race", "Pop.", "Cities", "Great Cities", "In turmoil?", "Solara", "Vorn", "Mirelle", "Demons", "Atheism", "Check"])
    members = ["Solara", "Vorn", "Mirelle", "Diabolism", "Atheism"]
    rows = []
    for i, r in enumerate(c["races"]):
        row = [r["race"], r["units"], r.get("cities") or None, r.get("great") or None, "yes" if r.get("turmoil") else None]
        for m in members:
            s = r["shares"].get(m)
            # the Merfolk's shares typed as text, the others as percent cells
            row.append(None if s is None else (f"{s}%" if r["race"] == "Merfolk" else pct(s)))
        row.append((f"=SUM(F{3 + i}:J{3 + i})", "0%"))
        rows.append(row)
    put(ws, 3, rows)
    ws = wb.create_sheet("Mana sources")
    headers(ws, 1, ["Sphere", "Source", "Basis", "Rate", "Flat", "Cause"])
    put(ws, 2, source_rows(c))
    ws = wb.create_sheet("Deaths")
    title(ws, ["Death Worksheet, every century"], 5)
    headers(ws, 2, ["Century", "Date", "Cause", "Units", "Race"])
    rows = [[d[0], f"{3 + i} Mar", d[1], d[2], d[3]] for i, d in enumerate(c["deaths"])]
    last = put(ws, 3, rows)
    put(ws, last + 1, [["Total", None, None, f"=SUM(D3:D{last - 1})", None]])
    ws = wb.create_sheet("Distribution C4")
    title(ws, ["Mana at the distribution point, century 4"], 4)
    headers(ws, 2, ["God", "Earned", "Paid", "Carried"])
    put(ws, 3, [[g, 3.5, 3, float(F(v))] for g, v in c["carries"].items()])


def thessaly(wb, c):
    ws = wb.create_sheet("The Gods")
    headers(ws, 1, ["Name", "Type", "Notes"])
    put(ws, 2, [["Thalor", "Greater", "the dawn"], ["Myrra ", "lesser god", None], ["ossian", "Spirit", "of the fields"]])
    ws = wb.create_sheet("Sphere cards")
    title(ws, ["Who holds which cards"], 3)
    headers(ws, 2, ["God", "Sphere", "Cards"])
    rows = []
    merges = []
    r = 3
    for g in [("THALOR", {"Sun": 2, "Harvest": 1}), (" Myrra", {"Sea": 2}), ("Ossian", {"Harvest": 1}), ("demons", c["demons"])]:
        start = r
        for i, (sphere, n) in enumerate(g[1].items()):
            rows.append([g[0] if i == 0 else None, sphere, n])
            r += 1
        if r - start > 1:
            merges.append((start, r - 1))
    last = put(ws, 3, rows)
    for a, b in merges:
        ws.merge_cells(start_row=a, start_column=1, end_row=b, end_column=1)
    put(ws, last + 1, [["Total", None, f"=SUM(C3:C{last - 1})"]])
    ws = wb.create_sheet("Mortals")
    headers(ws, 1, ["Race", "Units", "Cities", "Great Cities", "Turmoil", "Colour"])
    put(ws, 2, [[r["race"], r["units"], r.get("cities", 0), r.get("great", 0), "yes" if r.get("turmoil") else "no", "grey"] for r in c["races"]])
    ws = wb.create_sheet("Worship")
    title(ws, ["Pantheons"], 3)
    headers(ws, 2, ["Race", "Member", "Share"])
    r = 3
    for race in c["races"]:
        start = r
        for i, (m, s) in enumerate(race["shares"].items()):
            put(ws, r, [[race["race"] if i == 0 else None, m, s]])
            r += 1
        if r - start > 1:
            ws.merge_cells(start_row=start, start_column=1, end_row=r - 1, end_column=1)
    ws = wb.create_sheet("Rates")
    title(ws, ["Mana sources"], 6)
    headers(ws, 2, ["Sphere", "Source", "Basis", "Rate", "Flat", "Cause"])
    put(ws, 3, source_rows(c))
    for n in (1, 2, 3):
        ws = wb.create_sheet(f"C{n} Deaths")
        title(ws, [f"Deaths, century {n}"], 3)
        headers(ws, 2, ["Cause", "Units", "Race"])
        last = put(ws, 3, [[d[1], d[2], d[3]] for d in c["deaths"] if d[0] == n])
        put(ws, last + 1, [["Total", f"=SUM(B3:B{last - 1})", None]])
    ws = wb.create_sheet("C2 Mana")
    headers(ws, 1, ["God", "Paid", "Carry over"])
    put(ws, 2, [["Thalor", 4, 0.45], ["Myrra", 1, 0.125], ["Ossian", 0, 0], ["Demons", 2, 0.9]])


def korr(wb, c):
    ws = wb.create_sheet("Deities")
    title(ws, ["KORR", "kept by the gamemaster, updated after each session", None], 8)
    headers(ws, 4, ["#", "God", "Kind", "Sun", "Moon", "Death", "Total cards", "Colour"])
    put(ws, 5, [
        [1, "Solara", "GREATER", "\u2713", "\u2713", None, "=COUNTA(D5:F5)", "gold"],
        [2, "Nyx", "Greater", None, 2, "\u2713", "=E6+1", "violet"],
        [3, "Kettu ", "lesser god", "\u2713", None, None, "=COUNTA(D7:F7)", "green"],
        [4, "Demons", None, None, None, 1, "=F8", "black"],
    ])
    ws = wb.create_sheet("Races & worship")
    title(ws, ["Earth"], 7)
    headers(ws, 2, ["Race", "Units", "Cities", "Great cities", "Strength", "Worshipped by", "Turmoil"])
    rows = []
    for i, r in enumerate(c["races"]):
        typed = ", ".join(f"{m if r['race'] != 'Dwarves' else m.lower()} {s}%" for m, s in r["shares"].items())
        if r["race"] == "Elves":
            typed = " / ".join(f"{m} {s}%" for m, s in r["shares"].items()) + "."
        if r["shares"] == {"Atheism": 100}:
            typed = "none"
        rows.append([r["race"], r["units"], r.get("cities", 0), r.get("great", 0), f"=B{3 + i}+3*C{3 + i}+6*D{3 + i}", typed, "Yes" if r.get("turmoil") else "No"])
    last = put(ws, 3, rows)
    put(ws, last + 1, [[None] * 7, ["Totals", f"=SUM(B3:B{last - 1})", None, None, f"=SUM(E3:E{last - 1})", None, None]])
    ws = wb.create_sheet("Sources")
    headers(ws, 1, ["Sphere", "Source", "Rate", "Basis", "Flat", "Cause"])
    put(ws, 2, source_rows(c, ("Sphere", "Source", "Rate", "Basis", "Flat", "Cause")))
    for n in (3, 4):
        ws = wb.create_sheet(f"Century {n}")
        title(ws, [f"Deaths in century {n}"], 3)
        headers(ws, 2, ["Cause", "Units", "Race"])
        put(ws, 3, [[d[1], d[2], d[3]] for d in c["deaths"] if d[0] == n])


def varn(wb, c):
    ws = wb.create_sheet("Gods & cards")
    title(ws, ["Varn"], 5)
    headers(ws, 2, ["Kind", "Colour", "God", "War", "Sea", "Death"])
    put(ws, 3, [
        ["Greater", "red", "Ulric", 2, 0, 0],
        ["Lesser", "teal", "Sefa", 1, 1, 0],
        [None, None, "Demons", 0, 0, 1],
    ])
    ws = wb.create_sheet("Earth")
    title(ws, ["The peoples of Varn", None], 9)
    headers(ws, 3, ["Race", "Units", "Cities", "Great Cities", "ULRIC", "sefa ", "Diabolism", "atheism", "Notes"])
    rows = []
    for r in c["races"]:
        u = r["units"]
        row = [r["race"], f"={u - 5}+5", r.get("cities", 0), r.get("great", 0)]
        for m in ["Ulric", "Sefa", "Diabolism", "Atheism"]:
            s = r["shares"].get(m)
            row.append(None if s is None else float(F(s) / 100))
        row.append("coastal" if r["race"] == "Sea folk" else None)
        rows.append(row)
    put(ws, 4, rows)
    ws = wb.create_sheet("Spheres")
    headers(ws, 1, ["Sphere", "Source", "Basis", "Rate", "Flat", "Cause"])
    put(ws, 2, source_rows(c))
    ws = wb.create_sheet("Death log")
    title(ws, ["Deaths"], 4)
    headers(ws, 2, ["Century", "Cause", "Units", "Race"])
    last = put(ws, 3, [[d[0], d[1], d[2], d[3]] for d in c["deaths"]])
    put(ws, last + 1, [[None] * 4, ["Total", None, f"=SUM(C3:C{last - 1})", None]])


def ysolde(wb, c):
    ws = wb.create_sheet("Gods")
    headers(ws, 1, ["God", "Kind"])
    put(ws, 2, [["Ysolde", "greater"], ["Brann", "Greater"], [None, None], ["Lio", "spirit"], ["Mordax", "Demon"]])
    ws = wb.create_sheet("Spheres")
    title(ws, ["Cards per sphere"], 5)
    headers(ws, 2, ["God", "War", "Sun", "Sea", "Death"])
    put(ws, 3, [["Ysolde", 1, 1, None, None], ["brann", 2, None, 1, None], ["Lio", None, None, 1, None], ["Demons", None, None, None, 2]])
    ws = wb.create_sheet("Worship")
    title(ws, ["Worship by race"], 6)
    # "Bran": the god's name misspelt in the header
    headers(ws, 2, ["Race", "Ysolde", "Bran", "Lio", "Diabolism", "Atheism"])
    rows = []
    for r in c["races"]:
        row = [r["race"]]
        for m in ["Ysolde", "Brann", "Lio", "Diabolism", "Atheism"]:
            s = r["shares"].get(m)
            row.append(None if s is None else (f"{s}%" if r["race"] == "Islanders" else pct(s)))
        rows.append(row)
    put(ws, 3, rows)
    ws = wb.create_sheet("Earth")
    headers(ws, 1, ["Race", "Units", "Cities", "Great Cities", "Turmoil"])
    put(ws, 2, [[r["race"], r["units"], r.get("cities", 0), r.get("great", 0), None] for r in c["races"]])
    ws = wb.create_sheet("Rates")
    headers(ws, 1, ["Sphere", "Source", "Basis", "Rate", "Flat", "Cause"])
    put(ws, 2, source_rows(c))
    for n in (5, 6):
        ws = wb.create_sheet(f"Deaths C{n}")
        title(ws, [f"Deaths of century {n}"], 3)
        headers(ws, 2, ["Cause", "Units", "Race"])
        put(ws, 3, [[d[1], d[2], d[3]] for d in c["deaths"] if d[0] == n])
    ws = wb.create_sheet("Mana C5")
    title(ws, ["Paid at the end of century 5"], 4)
    headers(ws, 2, ["God", "Owed", "Paid", "Carried"])
    owed = {"Ysolde": 3.375, "Brann": 7.5, "Lio": 1.04, "Demons": 2.25}
    put(ws, 3, [[g, v, f"=INT(B{3 + i})", f"=B{3 + i}-C{3 + i}"] for i, (g, v) in enumerate(owed.items())])


def orm(wb, c):
    ws = wb.create_sheet("Gods")
    title(ws, ["Gods of Orm and their cards"], 4)
    headers(ws, 2, ["God", "Kind", "Sphere", "Cards"])
    r = 3
    for name, kind, cards in [("Solara", "Greater", {"Sun": 2}), ("Vorn", "greater", {"War": 2, "Sea": 1}),
                              ("Kettu", "Lesser", {"Sun": 1, "Death": 2}), ("Demons", None, {"Death": 1})]:
        start = r
        for i, (s, n) in enumerate(cards.items()):
            put(ws, r, [[name if i == 0 else None, kind if i == 0 else None, s, n]])
            r += 1
        if r - start > 1:
            ws.merge_cells(start_row=start, start_column=1, end_row=r - 1, end_column=1)
            ws.merge_cells(start_row=start, start_column=2, end_row=r - 1, end_column=2)
    ws = wb.create_sheet("Earth")
    title(ws, ["Earth"], 6)
    headers(ws, 2, ["Race", "Units", "Cities", "Great cities", "Worship", "Turmoil"])
    forms = {"Elves": "Solara: 40, Vorn: 25, Diabolism: 20, Atheism: 15", "Dwarves": "60% Vorn; 40% Kettu", "Orcs": "Kettu 50% and Diabolism 50%"}
    put(ws, 3, [[r["race"], r["units"], r.get("cities", 0), r.get("great", 0), forms[r["race"]], "yes" if r.get("turmoil") else "no"] for r in c["races"]])
    ws = wb.create_sheet("Rates")
    headers(ws, 1, ["Sphere", "Source", "Basis", "Rate", "Flat", "Cause"])
    put(ws, 2, source_rows(c))
    for n in (2, 3):
        ws = wb.create_sheet(f"Deaths C{n}")
        headers(ws, 1, ["Cause", "Units", "Race"])
        put(ws, 2, [[d[1], d[2], d[3]] for d in c["deaths"] if d[0] == n])
    ws = wb.create_sheet("Mana C2")
    headers(ws, 1, ["God", "Earned", "Paid", "Carried"])
    put(ws, 2, [[g, 1, 1, float(F(v))] for g, v in c["carries"].items()])


def brightwater(wb, c):
    ws = wb.create_sheet("The Gods")
    # a title and, at its right, when it was last updated: two cells of text above the headers
    ws["A1"] = "Brightwater campaign"
    ws["F1"] = "updated after session 7"
    headers(ws, 3, ["God", "Kind", "Level", "Sun", "War cards", "Sea (cards)", "Death"])
    put(ws, 4, [["Aurel", "Greater", 3, 1, 1, None, None], ["Kaia", "Lesser", 2, None, None, 2, None], ["Demons", None, None, None, None, None, 1]])
    ws = wb.create_sheet("Peoples")
    title(ws, ["Peoples of the river"], 10)
    headers(ws, 2, ["Race", "Units", "Cities", "Great Cities", "Military", "Aggression", "Aurel", "Kaia", "Diabolism", "Atheism"])
    put(ws, 3, [[r["race"], r["units"], r.get("cities", 0), 0, 2, 1] + [r["shares"].get(m) for m in ["Aurel", "Kaia", "Diabolism", "Atheism"]] for r in c["races"]])
    ws = wb.create_sheet("Rates")
    headers(ws, 1, ["Sphere", "Source", "Basis", "Rate", "Flat", "Cause"])
    put(ws, 2, source_rows(c))
    for n in (3, 4):
        ws = wb.create_sheet(f"Deaths C{n}")
        title(ws, [f"Deaths of century {n}"], 4)
        headers(ws, 2, ["Date", "Cause", "Units", "Race"])
        put(ws, 3, [[f"{i + 1} May", d[1], d[2], d[3]] for i, d in enumerate(d for d in c["deaths"] if d[0] == n)])


CAMPAIGNS = [(ALDMOOR, aldmoor), (THESSALY, thessaly), (KORR, korr), (VARN, varn), (YSOLDE, ysolde), (ORM, orm), (BRIGHTWATER, brightwater)]


def recalculated(files, outdir):
    """The files as LibreOffice saves them after computing every formula (their saved values)."""
    tmp = tempfile.mkdtemp(prefix="hand-shapes-")
    try:
        profile = os.path.join(tmp, "profile")
        subprocess.run(
            ["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", os.path.join(tmp, "out")] + files,
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300,
        )
        for f in files:
            shutil.move(os.path.join(tmp, "out", os.path.basename(f)), os.path.join(outdir, os.path.basename(f)))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(outdir):
    os.makedirs(outdir, exist_ok=True)
    raw = os.path.join(outdir, "raw")
    os.makedirs(raw, exist_ok=True)
    expected = []
    files = []
    for c, lay in CAMPAIGNS:
        wb = openpyxl.Workbook()
        wb.remove(wb.active)
        lay(wb, c)
        f = os.path.join(raw, c["name"] + ".xlsx")
        wb.save(f)
        files.append(f)
        expected.append(
            {"name": c["name"], "file": c["name"] + ".xlsx", "century": c["century"], "carry": c["carry_args"], "guesses": c.get("guesses", []), "pays": next_century(c)}
        )
    # Korr with a member typed "Atheists": not read, and named by its cell
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    korr(wb, KORR)
    wb["Races & worship"]["F3"] = "Solara 40%, Nyx 25%, Diabolism 20%, Atheists 15%"
    f = os.path.join(raw, "korr-atheists.xlsx")
    wb.save(f)
    files.append(f)
    expected.append({"name": "korr-atheists", "file": "korr-atheists.xlsx", "century": KORR["century"], "carry": [], "refused": "'Races & worship'!F3 (Worshipped by): \"Atheists\""})
    recalculated(files, outdir)
    shutil.rmtree(raw, ignore_errors=True)
    with open(os.path.join(outdir, "expected.json"), "w") as fh:
        json.dump(expected, fh, indent=1)


if __name__ == "__main__":
    main(sys.argv[1])
