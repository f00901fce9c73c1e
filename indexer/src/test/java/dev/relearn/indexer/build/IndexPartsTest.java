package dev.relearn.indexer.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.indexer.source.DirectorySource;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.lucene.document.Field;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.SegmentInfos;
import org.junit.jupiter.api.Test;

/** No file is indexed under two origins: parts of indexed folders, folders around indexed ones. */
class IndexPartsTest extends IndexBuilderFixture {
  private static final LearnedValues USED = new LearnedValues(5, 3, 2, 1, 77L);

  private Path docs() throws IOException {
    return folder(dir.resolve("p/docs"), "a.md", "# A\n\nAlpha.\n", "b.md", "# B\n\nBeta.\n",
        "sub/x.md", "# X\n\nChi.\n", "sub/y.md", "# Y\n\nUpsilon.\n");
  }

  private static String origin(Path path) {
    return path.toAbsolutePath().normalize().toString();
  }

  private String idAt(String path) throws IOException {
    return stored().stream().filter(s -> s.path().equals(path)).findFirst().orElseThrow().id();
  }

  private void use(String id) throws IOException {
    writer.updateDocValues(ChunkSchema.idTerm(id), USED.toFields().toArray(new Field[0]));
    writer.commit();
  }

  @Test
  void aFileOfAnIndexedFolderUpdatesThatFoldersChunk() throws IOException {
    Path docs = docs();
    index(docs);
    String a = idAt("docs/a.md");
    use(a);
    Files.writeString(docs.resolve("a.md"), "# A\n\nAlpha, revised.\n");

    IndexReport report = index(docs.resolve("a.md"));
    assertEquals(origin(docs), report.origin());
    assertEquals(origin(docs.resolve("a.md")), report.part());
    assertEquals(1, report.updated(), report.summary());
    assertEquals(1, report.chunks(), "the counts are of the part");
    assertTrue(report.summary().startsWith(origin(docs.resolve("a.md")) + " (part of "
        + origin(docs) + "): 1 chunk"), report.summary());
    assertEquals(Set.of("docs/a.md", "docs/b.md", "docs/sub/x.md", "docs/sub/y.md"), paths());
    assertEquals(4, stored().size(), "no second copy of a.md: " + stored());
    assertTrue(stored().stream().allMatch(s -> s.origin().equals(origin(docs))));
    assertEquals(USED, learned(idAt("docs/a.md")), "a.md keeps what it learned");

    Files.writeString(docs.resolve("c.md"), "# C\n\nGamma.\n");
    assertEquals(1, index(docs.resolve("c.md")).added());
    assertEquals(origin(docs), stored().stream().filter(s -> s.path().equals("docs/c.md"))
        .findFirst().orElseThrow().origin());
    assertEquals(5, index(docs).unchanged(), "the folder's next run finds nothing to do");
  }

  @Test
  void aFileMovedIntoAPartKeepsWhatItLearnedThoughThePartReadsOnlyItsOwnChunks()
      throws IOException {
    Path docs = docs();
    index(docs);
    use(idAt("docs/a.md"));
    Files.move(docs.resolve("a.md"), docs.resolve("sub/a.md"));

    IndexReport report = index(docs.resolve("sub"));
    assertEquals(1, report.updated(), "it replaces its old place's chunk: " + report.summary());
    assertEquals(Set.of("docs/b.md", "docs/sub/a.md", "docs/sub/x.md", "docs/sub/y.md"),
        paths(), "the chunk left its old place");
    assertEquals(USED, learned(idAt("docs/sub/a.md")), "and took what it learned along");
  }

  @Test
  void removingAPartOfAnIndexedFolderSaysHowToTakeItOut() throws IOException {
    Path docs = docs();
    index(docs);
    String part = origin(docs.resolve("sub"));
    IllegalArgumentException e;
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      e = assertThrows(IllegalArgumentException.class,
          () -> SourceRemover.plan(reader, List.of(part)));
    }
    assertTrue(e.getMessage().contains(part + " is part of the indexed folder " + origin(docs)
        + ": delete it or add it to .gitignore, then index " + origin(docs) + " again"),
        e.getMessage());
  }

  @Test
  void aPartOfAnIndexedFolderThatNoLongerExistsIsRemovedByItsPath() throws IOException {
    Path docs = docs();
    index(docs);
    Path y = docs.resolve("sub/y.md");
    Files.delete(y); // an editor deleted it: its chunk goes without a walk of the folder
    assertEquals(List.of(new RemoveReport(origin(y), 1)),
        SourceRemover.remove(writer, List.of(origin(y))));
    assertEquals(Set.of("docs/a.md", "docs/b.md", "docs/sub/x.md"), paths());
    Files.delete(docs.resolve("sub/x.md"));
    Files.delete(docs.resolve("sub"));
    assertEquals(List.of(new RemoveReport(origin(docs.resolve("sub")), 1)),
        SourceRemover.remove(writer, List.of(origin(docs.resolve("sub")))));
    assertEquals(List.of(new RemoveReport(origin(y), 0)),
        SourceRemover.remove(writer, List.of(origin(y))), "gone already: nothing to remove");
    assertEquals(Set.of("docs/a.md", "docs/b.md"), paths());
    IndexReport again = index(docs);
    assertEquals(0, again.deleted(), again.summary());
    assertEquals(2, again.unchanged(), "as a fresh index of the folder: " + again.summary());
  }

  @Test
  void aLongReadNotesHowFarItGot() throws IOException {
    Path docs = docs();
    RecordingProgress noting = new RecordingProgress(false);
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      SourceReading.read(reader, new DirectorySource(docs), noting, 0);
    }
    assertEquals(List.of("reading: 1 chunks of 1 files so far", "reading: 2 chunks of 2 files so"
        + " far", "reading: 3 chunks of 3 files so far", "reading: 4 chunks of 4 files so far"),
        noting.events);
  }

  @Test
  void aSubfolderOfAnIndexedFolderDeletesOnlyItsOwnVanishedChunks() throws IOException {
    Path docs = docs();
    index(docs);
    Files.delete(docs.resolve("sub/y.md"));
    Files.delete(docs.resolve("b.md")); // outside the part: its chunk stays until docs is indexed

    IndexReport report = index(docs.resolve("sub"));
    assertEquals(1, report.deleted(), report.summary());
    assertEquals(1, report.unchanged(), report.summary());
    assertEquals(Set.of("docs/a.md", "docs/b.md", "docs/sub/x.md"), paths());
    assertEquals(1, index(docs).deleted());
  }

  @Test
  void aFileTheFoldersWalkSkipsIsASourceOfItsOwn() throws IOException {
    Path docs = docs();
    index(docs);
    Path data = Files.writeString(docs.resolve("data.xyz"), "zebrafinch sightings\n");

    IndexReport report = index(data);
    assertEquals(origin(data), report.origin());
    assertNull(report.part());
    assertEquals(1, report.added(), report.summary());
    assertEquals(5, stored().size());
    assertEquals(4, index(docs).unchanged(), "the folder leaves the file's chunk alone");
    assertEquals(5, stored().size());
  }

  @Test
  void aFolderIndexedAroundIndexedSourcesTakesTheirChunksOver() throws IOException {
    Path docs = docs();
    index(docs.resolve("a.md"));
    index(docs.resolve("sub"));
    Path data = Files.writeString(docs.resolve("data.xyz"), "zebrafinch sightings\n");
    index(data); // a file the folder's walk skips: it stays a source of its own
    String a = stored().stream().filter(s -> s.path().endsWith("/a.md")).findFirst()
        .orElseThrow().id();
    use(a);
    assertEquals(4, stored().size());

    IndexReport report = index(docs);
    assertEquals(1, report.added(), "only b.md is new: " + report.summary());
    assertEquals(5, stored().size(), "a.md, b.md, x.md, y.md once each, and data.xyz: "
        + stored());
    String folder = origin(docs);
    assertEquals(4, stored().stream().filter(s -> s.origin().equals(folder)).count());
    assertEquals(origin(data), stored().stream().filter(s -> s.text().contains("zebrafinch"))
        .findFirst().orElseThrow().origin());
    String moved = stored().stream()
        .filter(s -> s.origin().equals(folder) && s.path().endsWith("/a.md")).findFirst()
        .orElseThrow().id();
    assertEquals(moved, report.renamed().getOrDefault(a, a), "the feedback store follows");
    assertEquals(USED, learned(moved), "a.md keeps what it learned");
    assertEquals(4, index(docs).unchanged(), "the next run finds nothing to do");
  }

  @Test
  void aPartRunThatCommitsOnTheWayLeavesItsFolderFinishedAtTheEnd() throws IOException {
    Path docs = folder(dir.resolve("p/docs"), "a.md", "# A\n\nAlpha.\n",
        "sub/x.md", "# X\n\nChi.\n", "sub/y.md", "# Y\n\nUpsilon.\n");
    index(docs);
    Files.writeString(docs.resolve("sub/x.md"), "# X\n\nChi, revised.\n");
    Files.writeString(docs.resolve("sub/y.md"), "# Y\n\nUpsilon, revised.\n");
    IndexReport report = IndexBuilderFixture.builder(writer, schema, new HashingEmbedder(),
        Progress.NONE).commitEvery(1).index(new DirectorySource(docs.resolve("sub")));
    assertEquals(2, report.updated(), report.summary());
    assertEquals(Set.of(), IndexOrigins.unfinished(
        SegmentInfos.readLatestCommit(writer.getDirectory()).getUserData()),
        "its intermediate commits marked the folder unfinished; the last one clears that");
  }

  @Test
  void aNewlyIgnoredFileNamedDirectlyBecomesASourceOfItsOwnInOneRun() throws IOException {
    Path docs = folder(dir.resolve("p/docs"), "a.md", "# A\n\nAlpha zebrafinch.\n",
        "b.md", "# B\n\nBeta.\n");
    index(docs);
    Files.writeString(docs.resolve(".gitignore"), "a.md\n");
    IndexReport first = index(docs.resolve("a.md"));
    assertTrue(stored().stream().anyMatch(s -> s.text().contains("zebrafinch")),
        "its text stays searchable: " + first.summary());
    assertEquals(0, index(docs.resolve("a.md")).added(), "and the same command again is a no-op");
  }
}
