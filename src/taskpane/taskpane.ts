/* The task pane: tells the gamemaster whether the add-in is running inside Excel. */

const OUTSIDE_EXCEL =
  "This pane works inside Excel. To use it, load the add-in into Excel (see “Sideloading” in the README): " +
  "on Windows or Mac run `npm start`; in Excel on the web upload manifest.xml under Home › Add-ins › More Add-ins › Upload My Add-in.";

function setStatus(text: string, outside = false): void {
  const status = document.getElementById("status");
  if (status === null) return;
  status.textContent = text;
  status.classList.toggle("outside", outside);
}

if (typeof Office === "undefined") {
  setStatus(OUTSIDE_EXCEL, true);
} else {
  void Office.onReady((info) => {
    if (info.host === Office.HostType.Excel) setStatus("Connected to Excel. The GODS functions are ready.");
    else setStatus(OUTSIDE_EXCEL, true);
  });
}
