package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.cli.CliTest.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands that create an index refuse a folder of other files (a mistyped {@code --index
 * ~}) and a Lucene index relearn did not write: a usage error naming the folder, and nothing
 * written. A new or empty folder and an existing relearn index still work.
 */
class ForeignFolderCliTest {
  @TempDir Path tmp;

  private static List<String> listing(Path folder) throws IOException {
    try (Stream<Path> files = Files.walk(folder)) {
      return files.map(folder::relativize).map(Path::toString).sorted().toList();
    }
  }

  private Path home() throws IOException {
    Path home = Files.createDirectories(tmp.resolve("home"));
    Files.writeString(home.resolve("notes.txt"), "my own file");
    Files.writeString(home.resolve(".profile"), "export A=1\n");
    Files.createDirectories(home.resolve("Documents"));
    return home;
  }

  private Path docs() throws IOException {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("a.md"), "# A\nzebras graze\n");
    return docs;
  }

  @Test
  void everyCommandThatCreatesAnIndexRefusesAFolderOfOtherFiles() throws Exception {
    Path home = home();
    Path docs = docs();
    String beir = TinyBeir.write(tmp).toString();
    List<String> before = listing(home);
    List<List<String>> creating = List.of(List.of("index", docs.toString()),
        List.of("demo", "--source", docs.toString()), List.of("eval", "--dataset", beir),
        List.of("eval", "learn", "--dataset", beir, "--sessions", "0"),
        List.of("bench", "--dataset", beir, "--rounds", "1", "--warm-up", "0"));
    for (List<String> command : creating) {
      int name = command.get(1).equals("learn") ? 2 : 1;
      String[] args = Stream.of(command.subList(0, name).stream(),
          Stream.of("--index", home.toString(), "--model", "hashing"),
          command.subList(name, command.size()).stream()).flatMap(s -> s)
          .toArray(String[]::new);
      Result refused = CliTest.run(args);
      assertEquals(2, refused.code(), command + ": " + refused.err());
      String[] lines = refused.err().strip().split("\n");
      assertEquals("relearn: --index " + home + " is not empty and is not a relearn index (it"
          + " holds .profile, Documents, notes.txt); relearn creates an index only in a new or"
          + " empty folder, so that a mistyped folder is never filled with index files. Give a"
          + " new folder (such as " + home.resolve(".relearn") + ") or the folder of an"
          + " existing relearn index", lines[0], command.toString());
      assertEquals("Try 'relearn " + String.join(" ", command.subList(0, name))
          + " --help' for more information.", lines[lines.length - 1], command.toString());
      assertEquals(before, listing(home), command + " wrote into the folder");
    }
  }

  @Test
  void aLuceneIndexRelearnDidNotWriteIsRefusedByEveryCommand() throws Exception {
    Path lucene = tmp.resolve("lucene");
    try (FSDirectory directory = FSDirectory.open(lucene);
        IndexWriter writer = new IndexWriter(directory,
            new IndexWriterConfig(new StandardAnalyzer()))) {
      Document doc = new Document();
      doc.add(new StringField("id", "1", Field.Store.YES));
      writer.addDocument(doc);
      writer.commit();
    }
    List<String> before = listing(lucene);
    for (String[] args : List.of(CliTest.hashingArgs(lucene, "index", docs().toString()),
        CliTest.hashingArgs(lucene, "search", "zebras"))) {
      Result refused = CliTest.run(args);
      assertEquals(2, refused.code(), args[0] + ": " + refused.err());
      assertTrue(refused.err().startsWith("relearn: --index " + lucene + " holds a Lucene index"
          + " that relearn did not write"), refused.err());
      assertEquals(before, listing(lucene), args[0] + " changed the index");
    }
  }

  @Test
  void aNewOrEmptyFolderOrAnExistingIndexStillWorks() throws Exception {
    Path docs = docs();
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    for (Path index : List.of(tmp.resolve("new/idx"), empty)) {
      Result first = CliTest.run(CliTest.hashingArgs(index, "index", docs.toString()));
      assertEquals(0, first.code(), index + ": " + first.err());
      Files.writeString(index.resolve("notes.txt"), "the user's, beside the index");
      Result again = CliTest.run(CliTest.hashingArgs(index, "index", docs.toString()));
      assertEquals(0, again.code(), index + ": " + again.err());
      Result search = CliTest.run(CliTest.hashingArgs(index, "search", "zebras"));
      assertEquals(0, search.code(), index + ": " + search.err());
      assertTrue(search.out().contains("a.md"), search.out());
    }
  }
}
