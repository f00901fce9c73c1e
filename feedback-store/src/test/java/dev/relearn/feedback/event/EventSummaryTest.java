package dev.relearn.feedback.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.relearn.lucene.feedback.Outcome;
import org.junit.jupiter.api.Test;

class EventSummaryTest {
  @Test
  void summariesReadBackAsWrittenWithEveryKindOfRating() {
    for (Rating rating : new Rating[] {null, Rating.thumbs(true), Rating.thumbs(false),
        Rating.stars(1), Rating.stars(5)}) {
      EventSummary summary = new EventSummary(1_700_000_000_000L, "identifier",
          SignalClass.STRONG, Outcome.SUCCESS, rating, 3);
      assertEquals(summary, EventSummary.decode(summary.encode()), summary.encode());
    }
    EventSummary classless = new EventSummary(5, null, SignalClass.WEAK, Outcome.FAILURE, null, 1);
    assertEquals(classless, EventSummary.decode(classless.encode()));
  }

  @Test
  void aDamagedSummaryIsNamed() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> EventSummary.decode("12 identifier strong success 9 1"));
    assertEquals("not an event summary: '12 identifier strong success 9 1'", e.getMessage());
  }
}
