"""The campaign tables as openpyxl reads them, shaped as the add-in reader's raw workbook, as JSON."""
import datetime, json, re, sys, openpyxl
from openpyxl.utils.cell import range_boundaries
wb = openpyxl.load_workbook(sys.argv[1], data_only=True)
GENERATED = re.compile(r"^C\d+ (Death Worksheet|Century-End Worksheet|Mana)$")
def value(c):
    v = c.value
    if c.data_type == "e": return {"error": str(v)}
    if isinstance(v, datetime.datetime): return v.date().isoformat()
    if isinstance(v, datetime.date): return v.isoformat()
    return v if v is None or isinstance(v, (int, float, str, bool)) else str(v)
def area(ws, top, left, bottom, right):
    return [[value(ws.cell(row=r, column=c)) for c in range(left, right + 1)] for r in range(top, bottom + 1)]
tables = []
for ws in wb.worksheets:
    for t in ws.tables.values():
        left, top, right, bottom = range_boundaries(t.ref)
        rows = area(ws, top, left, bottom - (t.totalsRowCount or 0), right)
        tables.append({"name": t.displayName, "sheet": ws.title, "headerRow": top, "firstColumn": left, "headers": rows[0], "rows": rows[1:], "isTable": True})
named = {t["name"].lower() for t in tables}
for ws in wb.worksheets:
    if ws.title.lower() in named or GENERATED.match(ws.title): continue
    right = max([c.column for c in ws[1] if c.value is not None], default=0)
    rows = area(ws, 1, 1, max(ws.max_row, 1), right) if right else [[]]
    tables.append({"name": ws.title, "sheet": ws.title, "headerRow": 1, "firstColumn": 1, "headers": rows[0], "rows": rows[1:], "isTable": False})
print(json.dumps({"sheetNames": wb.sheetnames, "tables": tables}))
