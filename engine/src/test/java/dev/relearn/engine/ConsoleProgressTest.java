package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ConsoleProgressTest {
  /** What a task of {@code total} steps prints at its start, then on a terminal at {@code done}. */
  private static String[] printed(String task, long total, long done) throws Exception {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    new ConsoleProgress(new PrintStream(log, true, StandardCharsets.UTF_8), false)
        .start(task, total);
    ByteArrayOutputStream bar = new ByteArrayOutputStream();
    ConsoleProgress terminal =
        new ConsoleProgress(new PrintStream(bar, true, StandardCharsets.UTF_8), true);
    terminal.start(task, total);
    Thread.sleep(150); // a terminal redraws at most every 100 ms
    terminal.advance(done);
    return new String[] {log.toString(StandardCharsets.UTF_8),
        bar.toString(StandardCharsets.UTF_8)};
  }

  @Test
  void aTaskOfUnknownSizeShowsItsCountWithoutATotal() throws Exception {
    String[] printed = printed("chunking src, files read", 0, 10_570);
    assertEquals("chunking src, files read: started" + System.lineSeparator(), printed[0]);
    assertTrue(printed[1].startsWith("\rchunking src, files read: 10570 "), printed[1]);
    assertFalse(printed[1].contains("/0") || printed[1].contains("%")
        || printed[1].contains("["), printed[1]);
  }

  @Test
  void aTaskOfKnownSizeShowsItsShare() throws Exception {
    String[] printed = printed("embedding", 200, 50);
    assertEquals("embedding: 0/200" + System.lineSeparator(), printed[0]);
    assertTrue(printed[1].startsWith("\rembedding [########......................] 50/200 "),
        printed[1]);
  }
}
