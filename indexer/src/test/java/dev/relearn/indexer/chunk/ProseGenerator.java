package dev.relearn.indexer.chunk;

import java.util.Random;

/** Seeded random prose: sentences of words, grouped into paragraphs, wrapped into lines. */
final class ProseGenerator {
  private static final String[] WORDS = ("lucene index search vector chunk token model query "
      + "document field score rank learn feedback embed window overlap heading section line "
      + "the a of and to in is for with on").split(" ");

  private ProseGenerator() {}

  static String paragraphs(Random random, int paragraphs) {
    StringBuilder text = new StringBuilder();
    for (int p = 0; p < paragraphs; p++) {
      if (p > 0) {
        text.append("\n\n");
      }
      int sentences = 2 + random.nextInt(8);
      int column = 0;
      for (int s = 0; s < sentences; s++) {
        int words = 4 + random.nextInt(20);
        for (int w = 0; w < words; w++) {
          String word = WORDS[random.nextInt(WORDS.length)];
          if (w == 0) {
            word = Character.toUpperCase(word.charAt(0)) + word.substring(1);
          }
          if (w == words - 1) {
            word = word + ".";
          }
          if (column > 0 && column + word.length() > 78) {
            text.append('\n');
            column = 0;
          } else if (column > 0) {
            text.append(' ');
            column++;
          }
          text.append(word);
          column += word.length();
        }
      }
    }
    return text.toString();
  }
}
