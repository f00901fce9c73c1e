package dev.relearn.engine.weights;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RatingsTest {
  @Test
  void starsMapLinearlyAndThumbsAsTheyAre() {
    assertEquals(-1, Ratings.stars(1));
    assertEquals(-0.5, Ratings.stars(2));
    assertEquals(0, Ratings.stars(3));
    assertEquals(0.5, Ratings.stars(4));
    assertEquals(1, Ratings.stars(5));
    assertEquals(1, Ratings.thumbs(true));
    assertEquals(-1, Ratings.thumbs(false));
    assertEquals(0.25, Ratings.check(0.25));
  }

  @Test
  void badRatingsNameTheValue() {
    assertEquals("a star rating must be 1 to 5, got: 6",
        assertThrows(IllegalArgumentException.class, () -> Ratings.stars(6)).getMessage());
    assertEquals("a rating must be in [-1, 1], got: 1.5",
        assertThrows(IllegalArgumentException.class, () -> Ratings.check(1.5)).getMessage());
    assertThrows(IllegalArgumentException.class, () -> Ratings.check(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> Ratings.stars(0));
  }
}
