"""The Races and Deaths tables of a workbook as openpyxl reads them, as JSON."""
import json, sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
out = {}
for ws in wb.worksheets:
    rows = [[c.value if c.value is None or isinstance(c.value, (int, float, str, bool)) else str(c.value) for c in row] for row in ws.iter_rows()]
    out[ws.title] = {"rows": rows, "tables": {t.displayName: t.ref for t in ws.tables.values()}}
print(json.dumps(out))
