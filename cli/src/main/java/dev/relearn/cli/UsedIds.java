package dev.relearn.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.util.IOFunction;

/**
 * Splits {@code feedback --used} values into chunk ids at commas, keeping whole the longest run
 * of pieces that is an id the index has ({@code notes, 2024.md}); an unknown id with an escape
 * ({@link TerminalText#id}) is taken as the id it stands for when the index has that.
 */
final class UsedIds {
  private UsedIds() {}

  /** The ids of {@code values} split at every comma, stripped, blanks dropped. */
  static List<String> naive(List<String> values) {
    return values.stream().flatMap(v -> Arrays.stream(v.split(",", -1))).map(String::strip)
        .filter(id -> !id.isEmpty()).toList();
  }

  /**
   * The ids of {@code values}, keeping commas inside ids the index has; {@code unknown} answers
   * which of some candidate ids the index does not have.
   */
  static List<String> resolve(List<String> values, IOFunction<Set<String>, Set<String>> unknown)
      throws IOException {
    Set<String> candidates = new LinkedHashSet<>(); // every run of pieces, also unescaped
    for (String value : values) {
      String[] pieces = value.split(",", -1);
      for (int i = 0; i < pieces.length; i++) {
        for (int j = i; j < pieces.length; j++) {
          candidates.add(join(pieces, i, j));
          candidates.add(TerminalText.unescapeId(join(pieces, i, j)));
        }
      }
    }
    candidates.remove("");
    Set<String> missing = candidates.isEmpty() ? Set.of() : unknown.apply(candidates);
    List<String> ids = new ArrayList<>();
    for (String value : values) {
      String[] pieces = value.split(",", -1);
      int i = 0;
      while (i < pieces.length) {
        int end = i;
        for (int j = pieces.length - 1; j > i; j--) {
          if (!missing.contains(join(pieces, i, j))) {
            end = j;
            break;
          }
        }
        String id = join(pieces, i, end);
        String plain = TerminalText.unescapeId(id);
        if (!id.isEmpty()) {
          ids.add(missing.contains(id) && !missing.contains(plain) ? plain : id);
        }
        i = end + 1;
      }
    }
    return ids;
  }

  private static String join(String[] pieces, int from, int to) {
    return String.join(",", Arrays.copyOfRange(pieces, from, to + 1)).strip();
  }
}
