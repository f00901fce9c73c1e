package dev.relearn.server.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class ErrorQuotesTest {
  @Test
  void shortValuesAreQuotedWhole() {
    String value = "x".repeat(ErrorQuotes.MAX_QUOTE_CHARS);
    assertSame(value, ErrorQuotes.quote(value));
  }

  @Test
  void longValuesAreCutAndTheirLengthSaid() {
    assertEquals("x".repeat(100) + "… (101 characters)", ErrorQuotes.quote("x".repeat(101)));
  }

  @Test
  void lengthsCountCodePointsAndNeverSplitOne() {
    String emoji = "\uD83D\uDE00"; // one code point, two UTF-16 units
    assertEquals(emoji.repeat(100), ErrorQuotes.quote(emoji.repeat(100)));
    assertEquals(emoji.repeat(100) + "… (150 characters)", ErrorQuotes.quote(emoji.repeat(150)));
  }

  @Test
  void wholeMessagesHaveTheirOwnBound() {
    String message = "m".repeat(5_000);
    String suffix = "… (5000 characters)";
    assertEquals("m".repeat(ErrorQuotes.MAX_MESSAGE_CHARS - suffix.length()) + suffix,
        ErrorQuotes.message(message), "1,000 characters in all, as HTTP.md says");
    assertEquals("m".repeat(1_000), ErrorQuotes.message("m".repeat(1_000)));
  }
}
