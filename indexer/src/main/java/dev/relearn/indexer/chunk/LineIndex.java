package dev.relearn.indexer.chunk;

import java.util.Arrays;
import java.util.stream.IntStream;

/** The line structure of a text whose lines all end with {@code \n}; line indexes are 0-based. */
final class LineIndex {
  private final String text;
  private final int[] starts;

  /** Indexes {@code text}, which must already be {@link #normalize normalized}. */
  LineIndex(String text) {
    this.text = text;
    this.starts = IntStream.concat(IntStream.of(0), IntStream.range(0, text.length())
        .filter(i -> text.charAt(i) == '\n').map(i -> i + 1)).toArray();
  }

  /** Drops a leading byte-order mark and turns {@code \r\n} and lone {@code \r} into {@code \n}. */
  static String normalize(String text) {
    String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
    if (body.indexOf('\r') < 0) {
      return body;
    }
    return body.replace("\r\n", "\n").replace('\r', '\n');
  }

  String text() {
    return text;
  }

  int lineCount() {
    return starts.length;
  }

  /** The first character of line {@code index}. */
  int start(int index) {
    return starts[index];
  }

  /** The end of line {@code index}, exclusive, not counting its {@code \n}. */
  int end(int index) {
    return index + 1 < starts.length ? starts[index + 1] - 1 : text.length();
  }

  String line(int index) {
    return text.substring(start(index), end(index));
  }

  boolean isBlank(int index) {
    for (int i = start(index); i < end(index); i++) {
      if (!Character.isWhitespace(text.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** The line holding character {@code offset}. */
  int indexOf(int offset) {
    int found = Arrays.binarySearch(starts, offset);
    return found >= 0 ? found : -found - 2;
  }

  /** The text of lines {@code first} to {@code last}, inclusive, joined with {@code \n}. */
  String lines(int first, int last) {
    return text.substring(start(first), end(last));
  }
}
