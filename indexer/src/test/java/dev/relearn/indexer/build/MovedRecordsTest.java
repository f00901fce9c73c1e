package dev.relearn.indexer.build;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.relearn.indexer.source.BeirCorpusSource;
import dev.relearn.indexer.source.JsonlSource;
import dev.relearn.indexer.source.SourceProblem;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.apache.lucene.document.Field;
import org.junit.jupiter.api.Test;

/**
 * A record moved from one indexed record file to another (shards re-cut, say) is taken over by
 * the file that holds it now, whichever of the two is indexed first; an id that both files still
 * hold stays the first file's. A record file indexed again by another path (a symbolic link; a
 * BEIR corpus's folder for its file, or the other way round) is the file indexed, not a second
 * one, to index and to remove.
 */
class MovedRecordsTest extends IndexBuilderFixture {

  @Test
  void aRecordMovedToAnotherIndexedFileIsTakenOverWithItsLearnedValues() throws IOException {
    Path a = Files.writeString(dir.resolve("a.jsonl"),
        "{\"id\": \"x1\", \"text\": \"apples\"}\n{\"id\": \"x2\", \"text\": \"pears\"}\n");
    Path b = Files.writeString(dir.resolve("b.jsonl"), "{\"id\": \"y1\", \"text\": \"plums\"}\n");
    index(new JsonlSource(a));
    index(new JsonlSource(b));
    LearnedValues used = new LearnedValues(5, 3, 2, 1, 77L);
    writer.updateDocValues(ChunkSchema.idTerm("x2"), used.toFields().toArray(new Field[0]));
    writer.commit();

    Files.writeString(a, "{\"id\": \"x1\", \"text\": \"apples\"}\n");
    Files.writeString(b, "{\"id\": \"y1\", \"text\": \"plums\"}\n"
        + "{\"id\": \"x2\", \"text\": \"pears\"}\n");
    IndexReport taker = index(new JsonlSource(b));
    assertEquals(List.of(), taker.problems(), "a.jsonl no longer holds x2");
    assertEquals(1, taker.updated(), taker.summary());
    IndexReport giver = index(new JsonlSource(a));
    assertEquals(0, giver.deleted(), "x2 is b.jsonl's now: " + giver.summary());
    assertEquals(List.of(new Stored("x1", origin(a), "x1", "apples"),
        new Stored("x2", origin(b), "x2", "pears"), new Stored("y1", origin(b), "y1", "plums")),
        stored().stream().sorted(Comparator.comparing(Stored::id)).toList());
    assertEquals(used, learned("x2"));
  }

  @Test
  void anOtherFileThatCannotBeReadKeepsItsIds() throws IOException {
    Path a = dir.resolve("a.jsonl.gz");
    try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(a))) {
      out.write("{\"id\": \"x1\", \"text\": \"apples\"}\n".getBytes(UTF_8));
    }
    index(new JsonlSource(a));
    Files.write(a, new byte[] {0x1f, (byte) 0x8b, 8, 0, 0}); // its compression broken since
    Path b = Files.writeString(dir.resolve("b.jsonl"), "{\"id\": \"x1\", \"text\": \"pears\"}\n"
        + "{\"id\": \"y1\", \"text\": \"plums\"}\n");
    IndexReport report = index(new JsonlSource(b));
    assertEquals(1, report.added(), report.summary());
    assertEquals(1, report.problems().size(), "x1 stays a.jsonl.gz's: " + report.problems());
  }

  @Test
  void anIdAnotherIndexedFileStillHoldsIsAProblem() throws IOException {
    Path a = Files.writeString(dir.resolve("a.jsonl"), "{\"id\": \"x1\", \"text\": \"apples\"}\n");
    Path corpus = Files.writeString(Files.createDirectories(dir.resolve("beir"))
        .resolve("corpus.jsonl"), "{\"_id\": \"d1\", \"text\": \"figs\"}\n");
    index(new JsonlSource(a));
    index(new BeirCorpusSource(corpus.getParent()));
    Path b = Files.writeString(dir.resolve("b.jsonl"),
        "{\"id\": \"x1\", \"text\": \"apples again\"}\n{\"id\": \"d1\", \"text\": \"figs\"}\n");
    IndexReport report = index(new JsonlSource(b));
    assertEquals(List.of("x1: chunk id x1 is a chunk of " + origin(a) + "; ids must be unique in"
        + " the index, so this one is not indexed", "d1: chunk id d1 is a chunk of "
        + origin(corpus.getParent()) + "; ids must be unique in the index, so this one is not"
        + " indexed"), report.problems().stream().map(SourceProblem::toString).toList());
    assertEquals(0, report.added() + report.updated(), report.summary());
  }

  @Test
  void aRecordFileReachedThroughASymbolicLinkIsTheFileIndexed() throws IOException {
    Path real = Files.writeString(Files.createDirectories(dir.resolve("data/2026"))
        .resolve("chunks.jsonl"), "{\"id\": \"x1\", \"text\": \"apples\"}\n");
    Path current = Files.createSymbolicLink(dir.resolve("current"), real.getParent());
    index(new JsonlSource(real));
    IndexReport again = index(new JsonlSource(current.resolve("chunks.jsonl")));
    assertEquals(List.of(), again.problems());
    assertEquals(1, again.unchanged(), again.summary());
    Files.writeString(real, "{\"id\": \"x1\", \"text\": \"apples\"}\n"
        + "{\"id\": \"x2\", \"text\": \"pears\"}\n");
    IndexReport grown = index(new JsonlSource(Files.createSymbolicLink(dir.resolve("link.jsonl"),
        real)));
    assertEquals(1, grown.added(), grown.summary());
    assertEquals(List.of(new Stored("x1", origin(real), "x1", "apples"),
        new Stored("x2", origin(real), "x2", "pears")),
        stored().stream().sorted(Comparator.comparing(Stored::id)).toList());
  }

  @Test
  void aBeirCorpusGivenAsItsFileOrItsFolderIsOneSource() throws IOException {
    Path one = Files.writeString(Files.createDirectories(dir.resolve("one")).resolve(
        "corpus.jsonl"), "{\"_id\": \"d1\", \"text\": \"figs\"}\n");
    index(new BeirCorpusSource(one.getParent()));
    IndexReport asFile = index(new BeirCorpusSource(one));
    assertEquals(List.of(), asFile.problems());
    assertEquals(1, asFile.unchanged(), asFile.summary());
    Path two = Files.writeString(Files.createDirectories(dir.resolve("two")).resolve(
        "corpus.jsonl"), "{\"_id\": \"d2\", \"text\": \"dates\"}\n");
    index(new BeirCorpusSource(two));
    IndexReport asFolder = index(new BeirCorpusSource(two.getParent()));
    assertEquals(List.of(), asFolder.problems());
    assertEquals(1, asFolder.unchanged(), asFolder.summary());
    assertEquals(List.of(new Stored("d1", origin(one.getParent()), "d1", "figs"),
        new Stored("d2", origin(two), "d2", "dates")),
        stored().stream().sorted(Comparator.comparing(Stored::id)).toList());
    assertEquals(List.of(new RemoveReport(origin(one.getParent()), 1),
        new RemoveReport(origin(two), 1)),
        SourceRemover.remove(writer, List.of(origin(one), origin(two.getParent()))));
  }

  private static String origin(Path path) {
    return path.toAbsolutePath().normalize().toString();
  }
}
