package dev.relearn.feedback.event;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RatingLabelTest {
  @Test
  void everyKindOfRatingReadsBackFromItsLabel() {
    for (Rating rating : new Rating[] {Rating.thumbs(true), Rating.thumbs(false),
        Rating.stars(1), Rating.stars(5)}) {
      assertEquals(rating, Rating.parse(rating.label()), rating.label());
    }
  }
}
