import { readStatus } from "../../src/workbook/office/actions";
import { RealExcel } from "../support/realExcel";
import { handWorked, memoryWorkbook } from "../support/campaigns";
test("probe", async () => {
  const real = new RealExcel(memoryWorkbook(handWorked()));
  try { await readStatus(real.run); } catch (e) { console.log(String(e)); }
  for (const r of real.requests) console.log(r.text.slice(0, 6000));
});
