package dev.relearn.indexer.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.source.ChunkSource;
import dev.relearn.indexer.source.DirectorySource;
import dev.relearn.indexer.source.JsonlSource;
import dev.relearn.indexer.source.SourceProblem;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.apache.lucene.document.Field;
import org.junit.jupiter.api.Test;

/** Two indexed folders holding files at the same relative paths each own their chunks. */
class IndexRootsTest extends IndexBuilderFixture {
  private static final String README = "# Setup\n\nInstall the zebrafinch tool first.\n";

  /** What indexing {@code root} gave before paths began with a root key. */
  record OldFolderSource(DirectorySource folder) implements ChunkSource {
    @Override
    public String origin() {
      return folder.origin();
    }

    @Override
    public void read(Consumer<Chunk> chunks, Consumer<SourceProblem> problems) throws IOException {
      int cut = folder.rootKey().length() + 1;
      folder.read(c -> chunks.accept(new Chunk(c.id().substring(cut), c.origin(),
          c.path().substring(cut), c.kind(), c.title(), c.headingPath(), c.startLine(),
          c.endLine(), c.tokenEstimate(), c.text())), problems);
    }
  }

  @Test
  void identicalFilesInTwoFoldersAreTwoChunksAndDeletingOneKeepsTheOther() throws IOException {
    Path a = folder(dir.resolve("a"), "README.md", README, "guide.md", "# Guide\n\nAlpha.\n");
    Path c = folder(dir.resolve("c"), "README.md", README, "notes.md", "# Notes\n\nGamma.\n");
    IndexReport first = index(a);
    IndexReport second = index(c);
    assertEquals(2, second.added());
    assertEquals(first.chunks() + second.chunks(), stored().size(), "each folder its own chunks");
    assertEquals(Set.of("a/README.md", "a/guide.md", "c/README.md", "c/notes.md"), paths());
    assertEquals(2, countUnder("a/"), "--path-prefix a selects folder a");

    Files.delete(c.resolve("README.md"));
    IndexReport third = index(c);
    assertEquals(1, third.deleted());
    List<Stored> left = stored().stream().filter(s -> s.text().contains("zebrafinch")).toList();
    assertEquals(1, left.size(), "a/README.md is still indexed: " + stored());
    assertEquals("a/README.md", left.getFirst().path());
    assertEquals(a.toAbsolutePath().normalize().toString(), left.getFirst().origin());
  }

  @Test
  void aRecordIdOfAnotherSourceIsAProblemNotATakeover() throws IOException {
    Path a = folder(dir.resolve("a"), "README.md", README);
    index(a);
    String taken = stored().getFirst().id();
    Path records = Files.writeString(dir.resolve("r.jsonl"), "{\"id\": \"" + taken
        + "\", \"text\": \"an imposter about bananas\"}\n{\"id\": \"own\", \"text\":"
        + " \"fine\"}\n");
    IndexReport report = index(new JsonlSource(records));
    assertEquals(1, report.added(), "only its own id");
    assertEquals(List.of(taken + ": chunk id " + taken + " is a chunk of "
        + a.toAbsolutePath().normalize() + "; ids must be unique in the index, so this one is"
        + " not indexed"), report.problems().stream().map(SourceProblem::toString).toList());
    assertTrue(stored().stream().anyMatch(s -> s.id().equals(taken)
        && s.text().contains("zebrafinch")), "the folder's chunk is untouched: " + stored());
    assertEquals(0, index(a).added(), "and the folder indexes as before, under its ids");
  }

  @Test
  void aMovedRecordFileTakesOverItsRecordsAndLearnedValues() throws IOException {
    Path records = Files.writeString(dir.resolve("r.jsonl"), "{\"id\": \"a\", \"text\":"
        + " \"alpha\"}\n{\"id\": \"b\", \"text\": \"beta\"}\n");
    index(new JsonlSource(records));
    LearnedValues used = new LearnedValues(5, 3, 2, 1, 77L);
    writer.updateDocValues(ChunkSchema.idTerm("a"), used.toFields().toArray(new Field[0]));
    writer.commit();

    Path moved = Files.move(records, Files.createDirectories(dir.resolve("data"))
        .resolve("records.jsonl"));
    Files.writeString(moved, "{\"id\": \"a\", \"text\": \"alpha\"}\n");
    IndexReport report = index(new JsonlSource(moved));
    assertEquals(List.of(), report.problems(), "the ids of a file gone are no other's");
    assertEquals(1, report.updated(), report.summary());
    assertEquals(1, report.deleted(), "the moved file no longer has b: " + report.summary());
    assertEquals(List.of(new Stored("a", moved.toAbsolutePath().normalize().toString(), "a",
        "alpha")), stored());
    assertEquals(used, learned("a"));
    assertEquals(1, index(new JsonlSource(moved)).unchanged());
  }

  @Test
  void aFolderReachedThroughASymbolicLinkIsTheFolderIndexedNotASecondOne() throws IOException {
    Path real = folder(dir.resolve("real/docs"), "README.md", README, "guide/a.md",
        "# A\n\nAlpha.\n");
    Path linked = Files.createSymbolicLink(dir.resolve("link"), dir.resolve("real"))
        .resolve("docs");
    index(linked);
    IndexReport again = index(real);
    assertEquals(2, again.unchanged(), again.summary());
    Files.writeString(real.resolve("guide/a.md"), "# A\n\nAlpha, changed.\n");
    IndexReport part = index(real.resolve("guide/a.md"));
    assertEquals(1, part.updated(), part.summary());
    String origin = linked.toAbsolutePath().normalize().toString();
    assertEquals(Set.of(origin), Set.copyOf(stored().stream().map(Stored::origin).toList()));
    assertEquals(Set.of("docs/README.md", "docs/guide/a.md"), paths());
  }

  @Test
  void aFolderIndexedThroughASymbolicLinkIsRemovedByItsRealPathToo() throws IOException {
    Path real = folder(dir.resolve("real/docs"), "README.md", README);
    Path linked = Files.createSymbolicLink(dir.resolve("link"), dir.resolve("real"))
        .resolve("docs");
    index(linked);
    String origin = linked.toAbsolutePath().normalize().toString();
    assertEquals(List.of(new RemoveReport(origin, 1)), SourceRemover.remove(writer,
        List.of(real.toAbsolutePath().normalize().toString())));
    assertEquals(List.of(), stored());
  }

  @Test
  void recordsWhosePathsStartWithAFoldersNameLeaveItsIdsAlone() throws IOException {
    Path p = folder(dir.resolve("p"), "README.md", README);
    index(p);
    Files.writeString(dir.resolve("r.jsonl"), "{\"id\": \"r1\", \"path\": \"p/notes.md\","
        + " \"text\": \"exported notes\"}\n");
    index(new JsonlSource(dir.resolve("r.jsonl")));
    IndexReport again = index(p);
    assertEquals(1, again.unchanged(), "its ids are the folder's alone: " + again.summary());
    assertEquals(Set.of("p/README.md", "p/notes.md"), paths());
    Path q = folder(dir.resolve("q"), "README.md", README);
    Files.writeString(dir.resolve("s.jsonl"), "{\"id\": \"s1\", \"path\": \"q/x.md\","
        + " \"text\": \"more notes\"}\n");
    index(new JsonlSource(dir.resolve("s.jsonl")));
    index(q);
    assertTrue(paths().contains("q/README.md"), "a record's path holds no root key: " + paths());
  }

  @Test
  void twoFoldersWithTheSameNameDoNotCollide() throws IOException {
    Path x = folder(dir.resolve("x/docs"), "README.md", README);
    Path y = folder(dir.resolve("y/docs"), "README.md", README);
    index(x);
    index(y);
    List<Stored> all = stored();
    assertEquals(2, all.size(), all.toString());
    assertNotEquals(all.get(0).path(), all.get(1).path());
    assertEquals(Set.of("docs/README.md", "docs@y/README.md"), paths());
    // re-indexing keeps each folder's name: nothing changes
    assertEquals(1, index(x).unchanged());
    assertEquals(1, index(y).unchanged());
    Files.delete(y.resolve("README.md"));
    Files.writeString(y.resolve("other.md"), "# Other\n\nDelta.\n");
    IndexReport report = index(y);
    assertEquals(1, report.deleted());
    assertEquals(Set.of("docs/README.md", "docs@y/other.md"), paths());
    assertTrue(stored().stream().anyMatch(s -> s.text().contains("zebrafinch")));

    Path z = folder(dir.resolve("z/y/docs"), "README.md", README);
    index(z);
    assertTrue(paths().stream().anyMatch(p -> p.matches("docs@[0-9a-f]{8}/README\\.md")),
        paths().toString());
    assertEquals(3, stored().size());
  }

  @Test
  void aMovedFolderTakesOverItsChunksAndLearnedValues() throws IOException {
    Path old = folder(dir.resolve("old/docs"), "README.md", README, "b.md", "# B\n\nBeta.\n");
    Path other = folder(dir.resolve("other/docs"), "c.md", "# C\n\nGamma.\n");
    index(old);
    index(other);
    String readme = stored().stream().filter(s -> s.path().equals("docs/README.md")).findFirst()
        .orElseThrow().id();
    LearnedValues used = new LearnedValues(5, 3, 2, 1, 77L);
    writer.updateDocValues(ChunkSchema.idTerm(readme), used.toFields().toArray(new Field[0]));
    writer.commit();

    Files.createDirectories(dir.resolve("new"));
    Path moved = Files.move(old, dir.resolve("new/docs"));
    Files.delete(moved.resolve("b.md"));
    IndexReport report = index(moved);
    assertEquals(1, report.updated(), report.summary());
    assertEquals(1, report.deleted(), report.summary());
    assertEquals(Set.of("docs/README.md", "docs@other/c.md"), paths());
    assertEquals(used, learned(readme));
    String origin = moved.toAbsolutePath().normalize().toString();
    assertEquals(origin, stored().stream().filter(s -> s.id().equals(readme)).findFirst()
        .orElseThrow().origin());
    assertEquals(1, index(moved).unchanged());
  }

  @Test
  void anIndexFromBeforeRootKeysMovesToTheNewIdsWithItsLearnedValues() throws IOException {
    Path a = folder(dir.resolve("a"), "README.md", README, "guide.md", "# Guide\n\nAlpha.\n");
    index(new OldFolderSource(new DirectorySource(a)));
    Map<String, String> oldIds = new TreeMap<>();
    stored().forEach(s -> oldIds.put(s.path(), s.id()));
    assertEquals(Set.of("README.md", "guide.md"), oldIds.keySet());
    LearnedValues used = new LearnedValues(5, 3, 2, 1, 77L);
    for (String id : oldIds.values()) {
      writer.updateDocValues(ChunkSchema.idTerm(id), used.toFields().toArray(new Field[0]));
    }
    writer.commit();

    Files.writeString(a.resolve("guide.md"), "# Guide\n\nAlpha, revised.\n");
    IndexReport report = index(a);
    assertEquals(0, report.added(), report.summary());
    assertEquals(0, report.deleted(), report.summary());
    assertEquals(2, report.updated(), report.summary());
    assertEquals(Set.of("a/README.md", "a/guide.md"), paths());
    assertEquals(2, stored().size(), "no duplicates left behind: " + stored());
    assertEquals("a/" + oldIds.get("README.md"), report.renamed().get(oldIds.get("README.md")));
    for (Stored chunk : stored()) {
      assertEquals(used, learned(chunk.id()), chunk.id());
      assertEquals(chunk.id(), report.renamed().get(oldIds.get(chunk.path().substring(2))));
    }
    assertEquals(2, index(a).unchanged(), "the next run finds nothing to do");
  }

  @Test
  void anOldChunkWhoseNewIdIsTakenIsDeleted() throws IOException {
    // folder a holds a/README.md: its old-style path is a/README.md, as a current one's would be
    Path a = folder(dir.resolve("a"), "README.md", README, "a/README.md", README);
    index(new OldFolderSource(new DirectorySource(a)));
    assertEquals(Set.of("README.md", "a/README.md"), paths());
    IndexReport report = index(a);
    assertEquals(Set.of("a/README.md", "a/a/README.md"), paths());
    assertEquals(2, stored().size(), report.summary() + " " + stored());
  }

  @Test
  void aFolderIndexedAfterOneOfItsFilesHasThePathsAFreshIndexGives() throws IOException {
    Path docs = folder(dir.resolve("p/docs"), "a.md", "# A\n\nAlpha.\n", "b.md", "# B\n\nBeta.\n");
    index(docs.resolve("a.md")); // trying it on one file first
    index(docs);
    assertEquals(Set.of("docs/a.md", "docs/b.md"), paths(), "not docs@p/: the file's own origin,"
        + " taken over, does not hold the folder's key");
  }
}
