package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How uses are classified from what a context's searches showed. */
class UseClassifierTest {
  private static ShownList list(ShownList.Kind kind, String query, long sequence,
      String... ids) {
    List<ShownResult> shown = new ArrayList<>();
    for (String id : ids) {
      shown.add(new ShownResult(id, shown.size() + 1));
    }
    return new ShownList(kind, query, shown, sequence);
  }

  @Test
  void latestSearchIsVeryStrongThenWiderIsDiscoveryThenEarlierIsStrongElseWeak() {
    ShownList first = list(ShownList.Kind.SEARCH, "q1", 1, "a", "b");
    ShownList oldWide = list(ShownList.Kind.WIDER, "q0", 2, "x", "d");
    ShownList latest = list(ShownList.Kind.SEARCH, "q2", 3, "c", "a");
    ShownList wide = list(ShownList.Kind.WIDER, "q3", 4, "c", "d", "e", "b");
    List<UseGroup> groups = UseClassifier.classify(List.of(first, oldWide, latest, wide),
        List.of("a", "d", "b", "z", "e", "x"), null);
    assertEquals(5, groups.size(), groups.toString());
    UseGroup veryStrong = groups.get(0);
    assertEquals(SignalClass.VERY_STRONG, veryStrong.signal());
    assertEquals(List.of("a"), veryStrong.used());
    assertEquals("q2", veryStrong.query());
    assertEquals(latest.shown(), veryStrong.shown());
    assertTrue(veryStrong.explicitSearch());
    assertFalse(veryStrong.afterWiderSearch());
    UseGroup discovery = groups.get(1);
    assertEquals(SignalClass.DISCOVERY, discovery.signal());
    assertEquals(List.of("d", "e"), discovery.used(), "the newest wider list first");
    assertEquals("q3", discovery.query());
    assertTrue(discovery.afterWiderSearch());
    UseGroup strong = groups.get(2);
    assertEquals(SignalClass.STRONG, strong.signal());
    assertEquals(List.of("b"), strong.used(), "the first list had it: search_all found nothing");
    assertEquals("q1", strong.query());
    assertFalse(strong.explicitSearch());
    UseGroup weak = groups.get(3);
    assertEquals(SignalClass.WEAK, weak.signal());
    assertEquals(List.of("z"), weak.used());
    assertEquals(latest.shown(), weak.shown(), "weak uses record the latest list as shown");
    assertEquals("q2", weak.query());
    UseGroup older = groups.get(4);
    assertEquals(SignalClass.DISCOVERY, older.signal(), "a wider list before the latest search");
    assertEquals(List.of("x"), older.used());
    assertEquals("q0", older.query());
  }

  @Test
  void givenQueryOverridesAndNothingShownIsWeakWithoutAQuery() {
    List<UseGroup> given = UseClassifier.classify(
        List.of(list(ShownList.Kind.SEARCH, "q1", 1, "a")), List.of("a"), "mine");
    assertEquals("mine", given.get(0).query());
    List<UseGroup> none = UseClassifier.classify(List.of(), List.of("a", "b"), null);
    assertEquals(1, none.size());
    assertEquals(SignalClass.WEAK, none.get(0).signal());
    assertEquals(List.of(), none.get(0).shown());
    assertNull(none.get(0).query());
    List<UseGroup> onlyWide = UseClassifier.classify(
        List.of(list(ShownList.Kind.WIDER, "w", 1, "a")), List.of("a", "b"), null);
    assertEquals(SignalClass.DISCOVERY, onlyWide.get(0).signal(), "search_all alone");
    assertEquals(SignalClass.WEAK, onlyWide.get(1).signal());
    assertEquals("w", onlyWide.get(1).query(), "weak uses take the latest list's query");
  }

  @Test
  void descriptionsNeverShowQueryText() {
    ShownList list = list(ShownList.Kind.SEARCH, "secret words", 1, "a");
    assertFalse(list.toString().contains("secret"), list.toString());
    UseGroup group = UseClassifier.classify(List.of(list), List.of("a"), null).get(0);
    assertFalse(group.toString().contains("secret"), group.toString());
  }
}
