package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.ShownResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A request is checked whole when it is made, so that a bad session or event id is refused
 * before an index is opened or a query embedded.
 */
class FeedbackRequestTest {
  private static final FeedbackRequest REQUEST = FeedbackRequest.of("rotate keys", List.of("a"));

  @Test
  void aBlankSessionIsRefusedAndNoneIsNull() {
    assertEquals(null, REQUEST.withIds(null, null).session());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> REQUEST.withIds(" ", null));
    assertEquals("session must not be blank; leave it out for none", e.getMessage());
  }

  @Test
  void aQueryWithoutSearchableTextIsRefusedAsASearchIs() {
    for (String nothing : List.of(" ", "\u0000\u0001")) {
      assertEquals("feedback query has no searchable text: it is empty or only spaces and"
          + " control characters", assertThrows(IllegalArgumentException.class,
          () -> FeedbackRequest.of(nothing, List.of("a"))).getMessage());
    }
  }

  @Test
  void limitsCountCodePoints() {
    String emoji = "\ud83d\ude00"; // two UTF-16 units, one code point, as JSON Schema counts
    String session = emoji.repeat(FeedbackRequest.MAX_SESSION_CHARS);
    assertEquals(session, REQUEST.withIds(session, null).session());
    assertEquals("session is 201 characters long; the limit is 200", assertThrows(
        IllegalArgumentException.class, () -> REQUEST.withIds(session + "s", null))
        .getMessage());
    String id = emoji.repeat(FeedbackRequest.MAX_ID_CHARS);
    String query = emoji.repeat(dev.relearn.engine.search.SearchRequest.MAX_QUERY_CHARS);
    assertEquals(List.of(id), FeedbackRequest.of(query, List.of(id)).used());
  }

  @Test
  void usedIdsAreDistinct() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> FeedbackRequest.of("q", List.of("a", "a")));
    assertEquals("used chunk ids must be non-blank and distinct, got 'a' twice", e.getMessage());
    String longId = "i".repeat(9000);
    e = assertThrows(IllegalArgumentException.class,
        () -> FeedbackRequest.of("q", List.of(longId, longId)));
    assertTrue(e.getMessage().length() < 200, "the id is cut: " + e.getMessage().length());
  }

  @Test
  void whatWasShownIsCheckedWhole() {
    ShownResult first = new ShownResult("a", 1);
    assertEquals("shown must not contain null", assertThrows(IllegalArgumentException.class,
        () -> REQUEST.withShown(java.util.Arrays.asList(first, null), true, false))
        .getMessage());
    assertEquals("chunk a is shown twice", assertThrows(IllegalArgumentException.class,
        () -> REQUEST.withShown(List.of(first, new ShownResult("a", 2)), true, false))
        .getMessage());
    List<ShownResult> many = java.util.stream.IntStream.rangeClosed(1, 10_001)
        .mapToObj(i -> new ShownResult("c" + i, i)).toList();
    assertEquals("shown must list at most 10000 results, got: 10001",
        assertThrows(IllegalArgumentException.class, () -> REQUEST.withShown(many, true, false))
            .getMessage());
  }

  @Test
  void aBadEventIdIsRefusedByName() {
    assertEquals("k-1", REQUEST.withIds("s", "k-1").eventId());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> REQUEST.withIds("s", "a b"));
    assertTrue(e.getMessage().endsWith("got: 'a b'"), e.getMessage());
  }
}
