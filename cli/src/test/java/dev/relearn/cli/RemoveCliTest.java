package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.relearn.cli.CliTest.Result;
import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code relearn remove} and the sources {@code relearn stats} lists. */
class RemoveCliTest {
  @TempDir Path tmp;
  private Path keep;
  private Path gone;

  private String[] args(String command, String... rest) {
    return CliTest.hashingArgs(tmp.resolve("idx"), command, rest);
  }

  @BeforeEach
  void index() throws Exception {
    keep = Files.createDirectories(tmp.resolve("keep"));
    gone = Files.createDirectories(tmp.resolve("gone"));
    Files.writeString(keep.resolve("keys.md"), "# Keys\nRotate the signing keys often.\n");
    Files.writeString(gone.resolve("zebra.md"), "# Zebras\nZebras graze on the savanna.\n");
    Files.writeString(gone.resolve("camel.md"), "# Camels\nCamels cross the desert.\n");
    Result index = CliTest.run(args("index", keep.toString(), gone.toString()));
    assertEquals(0, index.code(), index.err());
  }

  @Test
  void statsListsSourcesAndRemoveTakesADeletedFolderOut() throws Exception {
    Result stats = CliTest.run(args("stats"));
    assertTrue(stats.out().contains("sources:  2\n  " + gone + "  2 chunks\n  " + keep
        + "  1 chunk\n"), stats.out());
    Files.delete(gone.resolve("zebra.md"));
    Files.delete(gone.resolve("camel.md"));
    Files.delete(gone);

    Result dry = CliTest.run(args("remove", "--dry-run", gone.toString()));
    assertEquals(0, dry.code(), dry.err());
    assertEquals(gone + ": would remove 2 chunks\n", dry.out());
    assertTrue(CliTest.run(args("search", "zebras savanna")).out().contains("gone/zebra.md"),
        "a dry run removes nothing");

    Result removed = CliTest.run(args("remove", gone.toString()));
    assertEquals(0, removed.code(), removed.err());
    assertEquals(gone + ": removed 2 chunks\n", removed.out());
    assertFalse(CliTest.run(args("search", "zebras savanna")).out().contains("gone/"));
    assertTrue(CliTest.run(args("search", "rotate keys")).out().contains("keep/keys.md"));
    JsonNode json = new ObjectMapper().readTree(CliTest.run(args("stats", "--json")).out());
    assertEquals(1, json.get("origins").asInt());
    assertEquals(1, json.get("chunks_by_origin").get(keep.toString()).asInt(), json.toString());

    assertEquals(0, CliTest.run(args("remove", keep.toString())).code());
    Result empty = CliTest.run(args("stats"));
    assertTrue(empty.out().contains("model:    hashing-384-v1 (384 dims)\nchunks:   0 {}\n"),
        "an index with nothing left is still bound to its model: " + empty.out());
  }

  @Test
  void aSourceMovedAwayIsNamedByIndexAndStatsWithTheWayOut() throws Exception {
    Path moved = Files.move(gone, tmp.resolve("moved"));
    Result index = CliTest.run(args("index", moved.toString()));
    assertEquals(0, index.code(), index.err());
    assertTrue(index.err().contains("relearn: " + gone + " is no longer on disk, but its 2 chunks"
        + " are still searched; relearn remove " + gone + " takes them out"), index.err());
    assertFalse(index.err().contains(keep.toString()), index.err());
    Result stats = CliTest.run(args("stats"));
    assertTrue(stats.out().contains("  " + gone + "  2 chunks  missing: no longer on disk;"),
        stats.out());
    assertTrue(stats.out().contains("  " + keep + "  1 chunk\n"), stats.out());
    assertEquals(0, CliTest.run(args("remove", gone.toString())).code());
    assertFalse(CliTest.run(args("index", moved.toString())).err().contains("no longer on disk"));
  }

  @Test
  void anUnknownSourceIsAnErrorListingTheIndexSources() {
    Path stranger = tmp.resolve("stranger");
    Result unknown = CliTest.run(args("remove", gone.toString(), stranger.toString()));
    assertEquals(1, unknown.code());
    assertEquals("relearn: not a source of this index: " + stranger + "; its sources are "
        + gone + " (2 chunks), " + keep + " (1 chunk)", unknown.err().strip());
    assertEquals("", unknown.out());
    assertTrue(CliTest.run(args("stats")).out().contains("sources:  2\n"), "nothing removed");

    assertEquals(2, CliTest.run(args("remove")).code(), "PATH is required");
    Result noIndex = CliTest.run("remove", "--index", tmp.resolve("none").toString(),
        gone.toString());
    assertEquals(1, noIndex.code());
    assertTrue(noIndex.err().startsWith("relearn: no relearn index at "), noIndex.err());
    assertFalse(Files.exists(tmp.resolve("none")), "remove creates no index");
  }

  @Test
  void aMistypedPathInAnIndexedFolderIsAnErrorNamingIt() throws Exception {
    Path typo = keep.resolve("kyes.md");
    Files.delete(gone.resolve("zebra.md")); // a deleted file with a chunk: not removed either
    for (String[] remove : List.of(args("remove", typo.toString()),
        args("remove", "--dry-run", typo.toString()),
        args("remove", gone.resolve("zebra.md").toString(), typo.toString()))) {
      Result result = CliTest.run(remove);
      assertEquals(1, result.code(), result.out());
      assertEquals("", result.out());
      assertEquals("relearn: nothing is indexed under " + typo + ": removed already, or"
          + " misspelled? relearn stats lists the sources; nothing was removed",
          result.err().strip());
    }
    assertTrue(CliTest.run(args("stats")).out().contains("  " + gone + "  2 chunks\n  " + keep
        + "  1 chunk\n"), "nothing removed");
  }

  @Test
  void anIndexHeldByAnotherWriterIsInUse() throws Exception {
    try (Relearn holder = Relearn.open(tmp.resolve("idx"),
        RelearnOptions.defaults().withModel(ModelChoice.HASHING))) {
      Result second = CliTest.run(args("remove", gone.toString()));
      assertEquals(1, second.code());
      assertTrue(second.err().startsWith("relearn: index in use by another process"),
          second.err());
      assertEquals(3, holder.stats().chunks(), "nothing removed");
    }
  }
}
