package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
  void usedIdsAreDistinct() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> FeedbackRequest.of("q", List.of("a", "a")));
    assertEquals("used chunk ids must be non-blank and distinct, got: [a, a]", e.getMessage());
  }

  @Test
  void aBadEventIdIsRefusedByName() {
    assertEquals("k-1", REQUEST.withIds("s", "k-1").eventId());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> REQUEST.withIds("s", "a b"));
    assertTrue(e.getMessage().endsWith("got: 'a b'"), e.getMessage());
  }
}
