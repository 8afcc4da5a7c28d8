/**
 * The text of a package's XML parts, checked as each is unpacked: what every reader would not read
 * alike is refused before anything reads it.
 */
import { isUtf8 } from "buffer";
import { FileProblem } from "./fileProblem";

const XML_PART = /\.(xml|rels|vml)$/i;
const DOCTYPE = Buffer.from("<!DOCTYPE");
const DOCTYPE_UTF16 = Buffer.from("<!DOCTYPE", "utf16le");

/**
 * Refuses XML parts that every reader would not read alike: a document type declaration (Excel
 * never writes one; its entities could hide a second root element from one reader and not
 * another), and text that is not valid UTF-8 (read as U+FFFD, a name would become another).
 */
export function checkText(name: string, part: Uint8Array, file: string): void {
  if (!XML_PART.test(name)) return;
  const view = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
  const utf16 = (part[0] === 0xff && part[1] === 0xfe) || (part[0] === 0xfe && part[1] === 0xff);
  // A document type declaration stands before the root element: the declaration, comments and
  // processing instructions before it are all that is searched (a million-row sheet is not).
  const prolog = utf16 ? view : view.subarray(0, prologEnd(view));
  if (prolog.indexOf(DOCTYPE) >= 0 || (utf16 && view.indexOf(DOCTYPE_UTF16) >= 0)) {
    throw new FileProblem(
      `${file} has a part (${name}) with a document type declaration, which Excel never writes, so it was not read. Open the workbook in Excel, save it again, and try again.`,
    );
  }
  if (!utf16 && !isUtf8(view)) {
    throw new FileProblem(
      `${file} has a part (${name}) whose text is not valid UTF-8, so names in it cannot be read for sure. Open the workbook in Excel, save it again, and try again.`,
    );
  }
}

/** Where a UTF-8 part's root element begins (after its declaration, comments and processing instructions); past a "<!" other than a comment, its end. */
function prologEnd(b: Buffer): number {
  let i = 0;
  for (;;) {
    i = b.indexOf(0x3c, i);
    if (i < 0) return b.length;
    const c = b[i + 1];
    if (c === 0x3f) {
      const end = b.indexOf("?>", i + 2);
      if (end < 0) return b.length;
      i = end + 2;
    } else if (c === 0x21 && b[i + 2] === 0x2d && b[i + 3] === 0x2d) {
      const end = b.indexOf("-->", i + 4);
      if (end < 0) return b.length;
      i = end + 3;
    } else if (c === 0x21) return b.length;
    else return i;
  }
}
