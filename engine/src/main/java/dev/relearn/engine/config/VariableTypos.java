package dev.relearn.engine.config;

import java.util.List;
import java.util.Locale;

/**
 * Spots a {@code RELEARN_*} variable probably meant for a knob but misspelt outside the section
 * prefixes {@link ConfigLoader} checks exactly ({@code RELEARN_WEIGHT_BM25}, {@code
 * RELEARN_BOOST_CAP}, {@code relearn_exploration_rate}), which would otherwise be ignored. Names
 * compare upper-cased without underscores; the launcher's own ({@code RELEARN_ROOT}) are far off.
 */
final class VariableTypos {
  private VariableTypos() {}

  /** The knob variable of {@code keys} (dotted) that {@code variable} probably meant, or null. */
  static String meant(String variable, List<String> keys) {
    String upper = variable.toUpperCase(Locale.ROOT);
    if (!upper.startsWith("RELEARN_")) {
      return null;
    }
    String name = squash(upper.substring("RELEARN_".length()));
    String best = null;
    int bestDistance = 3; // more than two edits away is not a typo
    for (String key : keys) {
      String section = squash(key.substring(0, key.indexOf('.')));
      String keyName = squash(key.substring(key.indexOf('.') + 1));
      boolean keyWithSectionOrNone = name.endsWith(keyName)
          && (name.length() == keyName.length() || name.startsWith(section.substring(0, 4)));
      int distance = keyWithSectionOrNone ? 0 : distance(name, section + keyName);
      if (distance < bestDistance) {
        best = ConfigLoader.variable(key);
        bestDistance = distance;
      }
    }
    return best;
  }

  private static String squash(String name) {
    return name.replace("_", "").toUpperCase(Locale.ROOT);
  }

  /** Levenshtein distance: the fewest inserts, deletes and substitutions from a to b. */
  private static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
