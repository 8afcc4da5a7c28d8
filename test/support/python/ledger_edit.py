"""Edits a campaign workbook by hand, as a gamemaster (or a forger) might with another program.

Usage: ledger_edit.py IN.xlsx OUT.xlsx EDIT [ARG]
Each EDIT changes the Ledger (or the sheets around it) with openpyxl and saves the result.
"""
import re
import sys

import openpyxl


def ledger_rows(ws):
    """The Ledger's data rows (sheet row numbers) and its columns by header."""
    headers = {c.value: c.column for c in ws[1] if c.value is not None}
    rows = [r for r in range(2, ws.max_row + 1) if ws.cell(r, headers["God"]).value not in (None, "")]
    return headers, rows


def resize_table(ws, last_row):
    for table in ws.tables.values():
        table.ref = re.sub(r"\d+$", str(last_row), table.ref)


def main():
    source, target, edit = sys.argv[1], sys.argv[2], sys.argv[3]
    arg = sys.argv[4] if len(sys.argv) > 4 else None
    wb = openpyxl.load_workbook(source)
    ws = wb["Ledger"]
    h, rows = ledger_rows(ws)
    col = lambda name: h[name]
    god_rows = lambda god: [r for r in rows if ws.cell(r, col("God")).value == god]

    def bump(r, amount):
        ws.cell(r, col("Earned")).value += amount
        ws.cell(r, col("Paid")).value += amount

    def copy_row(src, values=None):
        new = rows[-1] + 1
        for c in range(1, ws.max_column + 1):
            ws.cell(new, c).value = ws.cell(src, c).value
        for name, value in (values or {}).items():
            ws.cell(new, col(name)).value = value
        resize_table(ws, new)

    def delete(rs):
        for r in sorted(rs, reverse=True):
            ws.delete_rows(r)
        resize_table(ws, rows[-1] - len(rs))

    if edit == "plus100-first":
        bump(rows[0], 100)
    elif edit == "plus100-latest":
        bump(rows[-1], 100)
    elif edit == "event-2-to-50":
        r = next(r for r in rows if ws.cell(r, col("Kind")).value == "event" and ws.cell(r, col("Earned")).value == 2)
        ws.cell(r, col("Earned")).value = 50
        ws.cell(r, col("Paid")).value = 50
    elif edit == "duplicate-event":
        copy_row(next(r for r in rows if ws.cell(r, col("Kind")).value == "event"))
    elif edit == "forged-event":
        r = next(r for r in rows if ws.cell(r, col("Kind")).value == "event")
        copy_row(r, {"What": "Race destroyed", "Earned": 5, "Paid": 5})
    elif edit == "zeus":
        copy_row(rows[0], {"God": "Zeus", "Earned": 100, "Paid": 100, "Carry": 0, "Exact Carry": "0"})
    elif edit == "delete-first-of":
        delete([god_rows(arg)[0]])
    elif edit == "delete-middle-of":
        delete([god_rows(arg)[1]])
    elif edit == "delete-latest-credit":
        last = rows[-1]
        same = [r for r in rows if all(ws.cell(r, col(k)).value == ws.cell(last, col(k)).value for k in ("Century", "Kind", "What"))]
        delete(same)
    elif edit == "delete-account":
        delete(god_rows(arg))
    elif edit == "ledger-gone":
        for name in list(wb.sheetnames):
            if re.match(r"^C\d+ Mana$", name):
                wb[name].title = name.replace("Mana", "Sums")
        del wb["Ledger"]
    elif edit == "rename-in-gods":
        for row in wb["Gods"].iter_rows(min_row=2):
            if row[0].value == arg:
                row[0].value = arg + "us"
        for sheet in ("Cards", "Pantheon"):
            for row in wb[sheet].iter_rows(min_row=2):
                for c in row:
                    if c.value == arg:
                        c.value = arg + "us"
    elif edit == "carry-plus-0.3":
        r = rows[-1]
        ws.cell(r, col("Carry")).value = round(ws.cell(r, col("Carry")).value + 0.3, 10)
        ws.cell(r, col("Exact Carry")).value = str(round(float(ws.cell(r, col("Exact Carry")).value) + 0.3, 10))
    elif edit == "exact-carry-1e-10":
        r = next(r for r in rows if ws.cell(r, col("Exact Carry")).value not in ("0", None))
        ws.cell(r, col("Exact Carry")).value = repr(float(ws.cell(r, col("Exact Carry")).value) + 1e-10)
    elif edit == "rename-latest-what":
        r = rows[-1]
        ws.cell(r, col("What")).value = ws.cell(r, col("What")).value + " (old)"
    elif edit == "sort-by-god":
        values = [[ws.cell(r, c).value for c in range(1, ws.max_column + 1)] for r in rows]
        values.sort(key=lambda v: (str(v[col("God") - 1]), -v[col("Century") - 1]))
        for r, v in zip(rows, values):
            for c, value in enumerate(v, start=1):
                ws.cell(r, c).value = value
    elif edit == "fraction-typed":
        r = next(r for r in rows if ws.cell(r, col("Exact Carry")).value == "0.05")
        ws.cell(r, col("Exact Carry")).value = "1/20"
    elif edit == "save-only":
        pass
    else:
        raise SystemExit("unknown edit " + edit)
    wb.save(target)


if __name__ == "__main__":
    main()
