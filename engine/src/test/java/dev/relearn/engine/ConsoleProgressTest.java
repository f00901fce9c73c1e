package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ConsoleProgressTest {
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

  private ConsoleProgress progress(boolean terminal) {
    return new ConsoleProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), terminal);
  }

  @Test
  void aTaskOfUnknownSizeShowsItsCountWithoutATotal() throws Exception {
    ConsoleProgress log = progress(false);
    log.start("chunking src, files read", 0);
    assertEquals("chunking src, files read: started" + System.lineSeparator(),
        bytes.toString(StandardCharsets.UTF_8));
    bytes.reset();
    ConsoleProgress bar = progress(true);
    bar.start("chunking src, files read", 0);
    Thread.sleep(150); // a terminal redraws at most every 100 ms
    bar.advance(10_570);
    String printed = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(printed.startsWith("\rchunking src, files read: 10570 "), printed);
    assertFalse(printed.contains("/0") || printed.contains("%") || printed.contains("["),
        printed);
  }

  @Test
  void aTaskOfKnownSizeShowsItsShare() throws Exception {
    ConsoleProgress log = progress(false);
    log.start("embedding", 200);
    assertEquals("embedding: 0/200" + System.lineSeparator(),
        bytes.toString(StandardCharsets.UTF_8));
    bytes.reset();
    ConsoleProgress bar = progress(true);
    bar.start("embedding", 200);
    Thread.sleep(150);
    bar.advance(50);
    assertTrue(bytes.toString(StandardCharsets.UTF_8)
        .startsWith("\rembedding [########......................] 50/200 "), bytes.toString());
  }
}
