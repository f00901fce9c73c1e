package dev.relearn.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hit names the file it was cut from, so that an IDE or an agent can open it: also for a
 * folder whose paths start {@code docs@b/} and for a file indexed alone; a JSONL record has none.
 */
class SourceFilesTest {
  @TempDir Path tmp;

  @Test
  void eachHitNamesItsFileAndARecordNone() throws Exception {
    Path a = Files.createDirectories(tmp.resolve("a/docs"));
    Path b = Files.createDirectories(tmp.resolve("b/docs"));
    Files.writeString(a.resolve("keys.md"), "# Keys\n\nRotate the zebra keys.\n");
    Files.writeString(b.resolve("keys.md"), "# Keys\n\nRevoke the zebra keys.\n");
    Path single = Files.writeString(tmp.resolve("notes.md"), "# Notes\n\nA zebra note.\n");
    Path records = Files.writeString(tmp.resolve("records.jsonl"),
        "{\"id\": \"r1\", \"text\": \"a zebra record\", \"path\": \"notes/r1\"}\n");
    try (Relearn relearn = Relearn.open(tmp.resolve("index"),
        RelearnOptions.defaults().withModel(ModelChoice.HASHING))) {
      for (Path source : new Path[] {a, b, single, records}) {
        relearn.index(source, SourceFormat.AUTO, Progress.NONE);
      }
      Map<String, String> files = relearn.search(SearchRequest.of("zebra").withK(10)).hits()
          .stream().collect(Collectors.toMap(Hit::path, hit -> String.valueOf(hit.file())));
      assertEquals(Map.of("notes/r1", "null", // the record, whose path is its own
          "docs/keys.md", a.resolve("keys.md").toString(),
          "docs@b/keys.md", b.resolve("keys.md").toString(),
          tmp.getFileName() + "/notes.md", single.toString()), files);
    }
    assertNull(new SourceFiles().file(null, "x"));
  }
}
