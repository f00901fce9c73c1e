package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import org.junit.jupiter.api.Test;

/** A full disk is named as such, with what was kept and what to do, however it comes. */
class DiskFullMessageTest {
  private static final String SAID = "the disk is full (No space left on device). What was"
      + " written before is kept (stats says what); free some space and run the command again:"
      + " it goes on from there";

  @Test
  void aFullDiskSaysWhatWasKeptAndWhatToDo() {
    assertEquals(SAID, Errors.failure(new IOException("No space left on device")));
    assertEquals(SAID, Errors.failure(
        new UncheckedIOException(new IOException("No space left on device"))));
    assertEquals("the disk is full (/idx/_0.cfs: No space left on device). What was written"
        + " before is kept (stats says what); free some space and run the command again: it goes"
        + " on from there", Errors.failure(
            new FileSystemException("/idx/_0.cfs", null, "No space left on device")));
    assertEquals("Input/output error", Errors.failure(new IOException("Input/output error")));
  }
}
