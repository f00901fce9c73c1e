package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.cli.CliTest.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A damaged index file is named, with what to do, instead of Lucene's bare checksum message. */
class DamagedIndexCliTest {
  @TempDir Path tmp;

  @Test
  void aFlippedByteInTheCommitIsReportedAsDamage() throws IOException {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("a.md"), "# Alpha\n\nalpha beta gamma\n");
    Path index = tmp.resolve("idx");
    assertEquals(0, CliTest.run(CliTest.hashingArgs(index, "index", docs.toString())).code());
    Path commit;
    try (Stream<Path> files = Files.list(index)) {
      commit = files.filter(f -> f.getFileName().toString().startsWith("segments_")).findFirst()
          .orElseThrow();
    }
    byte[] bytes = Files.readAllBytes(commit);
    bytes[bytes.length / 2] ^= (byte) 0xff;
    Files.write(commit, bytes);

    Result search = CliTest.run(CliTest.hashingArgs(index, "search", "alpha"));
    assertEquals(1, search.code(), search.err());
    assertTrue(search.err().contains("the index is damaged ("), search.err());
    assertTrue(search.err().contains(commit.getFileName().toString()), "names the file: "
        + search.err());
    assertTrue(search.err().contains("Restore its folder from a backup"), search.err());
  }
}
