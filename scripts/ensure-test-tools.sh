#!/usr/bin/env bash
# Installs the Debian packages the tests use, if they are missing: chromium (browser tests),
# libreoffice-calc (opening generated workbooks), libxml2-utils (xmllint, manifest checks),
# python3-openpyxl, python3-xlsxwriter and python3-pil (workbooks with charts and pictures from
# other producers, read back by an independent program; Debian's /usr/bin/python3 has them),
# fonts-crosextra-carlito (Calibri's widths, so LibreOffice prints our sheets as Excel does; the packet's PDF
# is also printed with it hidden, as on a machine without it),
# poppler-utils (pdftotext: what LibreOffice printed, charts included).
# Needs root (or sudo) and the Debian package archive; prints what it does.
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v soffice >/dev/null 2>&1 || need+=(libreoffice-calc)
command -v xmllint >/dev/null 2>&1 || need+=(libxml2-utils)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
fc-list 2>/dev/null | grep -qi carlito || need+=(fonts-crosextra-carlito)
/usr/bin/python3 -c "import openpyxl" >/dev/null 2>&1 || need+=(python3-openpyxl)
/usr/bin/python3 -c "import PIL" >/dev/null 2>&1 || need+=(python3-pil)
/usr/bin/python3 -c "import xlsxwriter" >/dev/null 2>&1 || need+=(python3-xlsxwriter)

if [ ${#need[@]} -eq 0 ]; then
  echo "== test tools: present (chromium, soffice, xmllint, pdftotext, openpyxl, xlsxwriter, PIL, Carlito)."
  exit 0
fi

echo "Installing Debian packages for the tests: ${need[*]} (apt-get update first; this can take a few minutes)."
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${need[@]}"
echo "Installed: ${need[*]}."
