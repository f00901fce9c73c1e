package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The chunk ids {@code feedback --used} takes: as a search prints them, commas inside an id and
 * control characters escaped included.
 */
class UsedIdsTest {
  private static final Set<String> INDEXED =
      Set.of("d/new\nline.md#ab12", "d/notes, 2024.md#cd34", "d/back\\nslash.md#ef56", "d/a.md#1");

  private static Set<String> unknown(Set<String> candidates) {
    Set<String> missing = new LinkedHashSet<>(candidates);
    missing.removeAll(INDEXED);
    return missing;
  }

  @Test
  void anIdPrintedWithEscapesIsTakenAsTheIndexedOne() throws Exception {
    String shown = TerminalText.id("d/new\nline.md#ab12");
    assertEquals("d/new\\nline.md#ab12", shown);
    assertEquals(List.of("d/new\nline.md#ab12", "d/a.md#1"),
        UsedIds.resolve(List.of(shown + ",d/a.md#1"), UsedIdsTest::unknown));
  }

  @Test
  void aKnownIdWithABackslashStaysAsItIsAndCommasInIdsStayWhole() throws Exception {
    assertEquals(List.of("d/back\\nslash.md#ef56", "d/notes, 2024.md#cd34"),
        UsedIds.resolve(List.of("d/back\\nslash.md#ef56", "d/notes, 2024.md#cd34"),
            UsedIdsTest::unknown));
    assertEquals(List.of("x\\ny"), UsedIds.resolve(List.of("x\\ny"), UsedIdsTest::unknown),
        "an unknown id stays as given when its unescaped form is unknown too");
  }

  @Test
  void escapesReadBackWhateverTheControlCharacter() {
    for (String id : List.of("a\tb", "a\rb", "a\u001b[31mb", "plain", "a\\u00zz")) {
      assertEquals(id, TerminalText.unescapeId(TerminalText.id(id)), id);
    }
    assertEquals("a\\u001b[31mb", TerminalText.id("a\u001b[31mb"));
  }
}
