// Words of a page's own script (before the app can say them) in the first of the browser's languages
// Tableside speaks, as the app picks it; WORDS holds each language's, from the catalogs
// (companion.language.page_words writes it, and this, into the script).
function tablesideSaid(english) {
  for (const tag of navigator.languages || [navigator.language]) {
    const words = TABLESIDE_WORDS[String(tag).replace("_", "-").split("-")[0].toLowerCase()];
    if (words) return words[english] || english;
  }
  return english;
}
