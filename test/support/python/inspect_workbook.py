"""What openpyxl sees in a workbook: sheets, their states, charts, pictures, the Ledger and more, as JSON."""
import json, sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
out = {"sheets": wb.sheetnames, "states": {}, "charts": {}, "images": {}, "tables": {}, "values": {}}
for ws in wb.worksheets:
    out["states"][ws.title] = ws.sheet_state
    out["charts"][ws.title] = len(ws._charts)
    out["images"][ws.title] = len(ws._images)
    out["tables"][ws.title] = {t.displayName: t.ref for t in ws.tables.values()}
    out["values"][ws.title] = [[c.value if isinstance(c.value, (int, float, str, bool)) or c.value is None else str(c.value) for c in row] for row in ws.iter_rows()]
races = wb["Races"]
out["comment"] = races["A2"].comment.text if races["A2"].comment else None
out["validations"] = len(races.data_validations.dataValidation)
out["conditional"] = len(list(races.conditional_formatting))
out["names"] = [d.name for d in wb.defined_names.definedName]
out["hyperlink"] = wb["Gods"]["D1"].hyperlink.target if wb["Gods"]["D1"].hyperlink else None
out["frozen"] = wb["Deaths"].freeze_panes
print(json.dumps(out))
