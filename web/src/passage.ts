/** letters and digits in lower case, runs of anything else as one space */
function normalise(text: string): string {
  return text
    .toLocaleLowerCase('nb')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Which pieces of a page's text layer belong to a cited passage. pdf.js splits a page's text into runs (a line, part
 * of a line) that rarely line up with the passage, so a run is marked when its words occur in the passage (or the
 * passage's words in it), compared without case, punctuation or line breaks. Runs of one or two characters are
 * marked only when the passage is that short, so stray digits and letters across the page stay unmarked.
 */
export function passageMatcher(passage: string | null): (run: string) => boolean {
  const wanted = passage ? normalise(passage) : '';
  if (!wanted) return () => false;
  return (run) => {
    const text = normalise(run);
    if (!text) return false;
    if (text.length < 3 && wanted.length >= 3) return false;
    return wanted.includes(text) || text.includes(wanted);
  };
}
