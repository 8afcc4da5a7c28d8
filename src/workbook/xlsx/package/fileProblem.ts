/** What a file could not be opened as, in one plain sentence for the gamemaster. */
export class FileProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FileProblem";
  }
}
