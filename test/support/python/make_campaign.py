"""Makes a campaign workbook with openpyxl, each table on a sheet of its own, with what a gamemaster may keep beside them."""
import json, sys, openpyxl
from openpyxl.chart import BarChart, Reference
from openpyxl.comments import Comment
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import PatternFill, Font
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.filters import AutoFilter
from openpyxl.worksheet.table import Table, TableColumn, TableStyleInfo
from openpyxl.workbook.defined_name import DefinedName
tables = json.load(open(sys.argv[1]))
opts = json.loads(sys.argv[3])
wb = openpyxl.Workbook()
wb.remove(wb.active)
def put(ws, r, c, v):
    cell = ws.cell(row=r, column=c)
    cell.value = v
    if isinstance(v, str):
        cell.data_type = "s"   # text, even when it starts with "="
for name, rows in tables.items():
    ws = wb.create_sheet(name)
    for r, row in enumerate(rows, 1):
        for c, v in enumerate(row, 1):
            if v is not None: put(ws, r, c, v)
races = wb["Races"]
chart = BarChart(); chart.title = "Units"
chart.add_data(Reference(races, min_col=2, min_row=1, max_row=4), titles_from_data=True)
races.add_chart(chart, "J2")
races["A2"].comment = Comment("Founded by the gamemaster", "GM")
races.conditional_formatting.add("B2:B4", CellIsRule(operator="greaterThan", formula=["25"], fill=PatternFill("solid", fgColor="FFC7CE")))
dv = DataValidation(type="whole", operator="greaterThanOrEqual", formula1="0"); races.add_data_validation(dv); dv.add("B2:B100")
try:
    from PIL import Image as PilImage
    from openpyxl.drawing.image import Image
    PilImage.new("RGB", (8, 8), (200, 30, 30)).save(sys.argv[2] + ".png")
    races.add_image(Image(sys.argv[2] + ".png"), "J20")
except ImportError:
    pass
wb.defined_names.append(DefinedName("AllUnits", attr_text="Races!$B$2:$B$4"))
wb["Gods"]["D1"].hyperlink = "https://example.org/rules"
wb["Gods"]["D1"].value = "Rules"
wb["Deaths"].freeze_panes = "A2"
notes = wb.create_sheet("Notes"); notes["A1"] = "secret"; notes.sheet_state = "hidden"
ledger = opts.get("ledger")
if ledger is not None:
    ws = wb.create_sheet("Ledger")
    for r, row in enumerate(ledger["rows"], 1):
        for c, v in enumerate(row, 1):
            if v is not None: put(ws, r, c, v)
    for ref, v in ledger.get("beside", []):
        ws[ref] = v
        ws[ref].font = Font(italic=True)
    if ledger.get("table"):
        bottom = len(ledger["rows"]) + (1 if ledger.get("totals") else 0)
        t = Table(displayName="Ledger", ref="A1:F%d" % bottom)
        t.tableColumns = [TableColumn(id=i + 1, name=h) for i, h in enumerate(ledger["rows"][0])]
        t.autoFilter = AutoFilter(ref="A1:F%d" % len(ledger["rows"]))
        if ledger.get("totals"):
            t.totalsRowCount = 1
            t.tableColumns[0].totalsRowLabel = "Total"
            t.tableColumns[3].totalsRowFunction = "sum"
            put(ws, bottom, 1, "Total")
            ws.cell(row=bottom, column=4).value = "=SUBTOTAL(109,Ledger[Paid])"
        t.tableStyleInfo = TableStyleInfo(name="TableStyleLight9", showRowStripes=True)
        ws.add_table(t)
wb.save(sys.argv[2])
