package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's Java example, imports included, compiles against the engine as it is. */
class ReadmeJavaSnippetTest {
  @TempDir Path tmp;

  @Test
  void theReadmesJavaExampleCompiles() throws Exception {
    String readme = Files.readString(Path.of("..", "README.md"));
    int section = readme.indexOf("\n## Java\n");
    int start = readme.indexOf("```java\n", section) + "```java\n".length();
    String block = readme.substring(start, readme.indexOf("\n```", start));
    List<String> imports = new ArrayList<>();
    List<String> body = new ArrayList<>();
    for (String line : block.split("\n")) {
      (line.startsWith("import ") ? imports : body).add(line);
    }
    assertTrue(section >= 0 && !imports.isEmpty() && !body.isEmpty(), block);
    String source = String.join("\n", imports) + "\nclass Snippet {\n  static void run() throws"
        + " Exception {\n" + String.join("\n", body) + "\n  }\n}\n";
    JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///Snippet.java"),
        JavaFileObject.Kind.SOURCE) {
      @Override
      public CharSequence getCharContent(boolean ignoreEncodingErrors) {
        return source;
      }
    };
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    StringWriter errors = new StringWriter();
    boolean compiled = compiler.getTask(errors, null, null, List.of("-d", tmp.toString(),
        "-cp", System.getProperty("surefire.test.class.path",
            System.getProperty("java.class.path"))), null, List.of(file)).call();
    assertTrue(compiled, errors + "\n" + source);
  }
}
