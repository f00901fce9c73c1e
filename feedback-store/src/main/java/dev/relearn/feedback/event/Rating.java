package dev.relearn.feedback.event;

import java.util.Locale;

/**
 * An explicit rating: thumbs up/down ({@code ±1}) or 1–5 stars.
 *
 * @param value −1 or 1 for thumbs; 1 to 5 for stars
 * @param stars whether this is a star rating
 */
public record Rating(int value, boolean stars) {
  /** Rejects values outside the scale, naming the value. */
  public Rating {
    if (stars && (value < 1 || value > 5)) {
      throw new IllegalArgumentException("a star rating must be 1 to 5, got: " + value);
    }
    if (!stars && value != 1 && value != -1) {
      throw new IllegalArgumentException("a thumbs rating must be +1 or -1, got: " + value);
    }
  }

  /** Thumbs up ({@code true}) or down. */
  public static Rating thumbs(boolean up) {
    return new Rating(up ? 1 : -1, false);
  }

  /** 1 to 5 stars. */
  public static Rating stars(int stars) {
    return new Rating(stars, true);
  }

  /**
   * Parses exactly {@code +1}, {@code -1}, {@code up}, {@code down} (any case, as every other label)
   * or {@code 1}..{@code 5} (stars; "1" alone means one star, so thumbs up is {@code +1} or {@code
   * up}); {@code +2}, {@code " 3"} or another script's digits are refused.
   */
  public static Rating parse(String text) {
    return switch (text.toLowerCase(Locale.ROOT)) {
      case "+1", "up" -> thumbs(true);
      case "-1", "down" -> thumbs(false);
      default -> {
        if (!text.matches("-?[0-9]{1,9}")) { // no sign but the thumbs', no other digits
          throw new IllegalArgumentException(
              "bad rating: '" + text + "'; expected +1, -1, up, down or 1 to 5 stars");
        }
        yield stars(Integer.parseInt(text));
      }
    };
  }

  /** {@code up}, {@code down} or the number of stars: what {@link #parse} reads back. */
  public String label() {
    return stars ? Integer.toString(value) : value > 0 ? "up" : "down";
  }

  /** The rating on [−1, 1]: thumbs as they are, stars linearly (3 stars is 0). */
  public double normalized() {
    return stars ? (value - 3) / 2.0 : value;
  }
}
