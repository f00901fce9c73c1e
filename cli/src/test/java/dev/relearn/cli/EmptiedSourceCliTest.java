package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.cli.CliTest.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A source indexed again while it holds nothing (a truncated export) loses all its chunks, as
 * the index mirrors its sources: that is said, not left to a count of deletions.
 */
class EmptiedSourceCliTest {
  @TempDir Path tmp;

  @Test
  void aSourceThatNoLongerHoldsAnythingSaysItsChunksWereDeleted() throws Exception {
    Path index = tmp.resolve("idx");
    Path records = Files.writeString(tmp.resolve("chunks.jsonl"),
        "{\"id\":\"a\",\"text\":\"alpha\"}\n{\"id\":\"b\",\"text\":\"beta\"}\n");
    Result first = CliTest.run(CliTest.hashingArgs(index, "index", records.toString()));
    assertEquals(0, first.code(), first.err());
    assertFalse(first.err().contains("holds nothing now"), first.err());
    Files.writeString(records, "");
    Result emptied = CliTest.run(CliTest.hashingArgs(index, "index", records.toString()));
    assertEquals(0, emptied.code(), emptied.err());
    assertTrue(emptied.err().contains("relearn: " + records + " holds nothing now: its 2 indexed"
        + " chunks were deleted"), emptied.err());
    Result again = CliTest.run(CliTest.hashingArgs(index, "index", records.toString()));
    assertFalse(again.err().contains("holds nothing now"), "nothing was deleted: " + again.err());
  }
}
