// wink-porter2-stemmer ships no types: one function, a lower-case English word to its Porter2 (Snowball) stem
declare module 'wink-porter2-stemmer' {
  function stem(word: string): string;
  export = stem;
}
