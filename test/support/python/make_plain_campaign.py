"""Makes a campaign of plain sheets with openpyxl, with a comment, a formula and other things the referee must keep."""
import json, sys, openpyxl
from openpyxl.comments import Comment
from openpyxl.worksheet.table import Table
tables = json.load(open(sys.argv[1]))
opts = json.loads(sys.argv[3])
wb = openpyxl.Workbook()
wb.remove(wb.active)
for name, rows in tables.items():
    ws = wb.create_sheet(name)
    for r, row in enumerate(rows, 1):
        for c, v in enumerate(row, 1):
            if v is not None: ws.cell(row=r, column=c).value = v
races = wb["Races"]
summary = wb.create_sheet("Summary")
summary["A1"] = "All units"
summary["B1"] = "=SUM(Races!B2:B3)"
races["A2"].comment = Comment("Founded by the gamemaster", "GM")
if opts.get("totals"):
    ws = wb["Deaths"]
    bottom = len(tables["Deaths"]) + 1
    t = Table(displayName="Deaths", ref="A1:E%d" % bottom)
    t.totalsRowCount = 1
    ws.cell(row=bottom, column=1).value = "Total"
    ws.add_table(t)
wb.save(sys.argv[2])
