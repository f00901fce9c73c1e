package dev.relearn.indexer.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.embed.TokenCounter;
import dev.relearn.lucene.schema.Chunk;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * GNU-style definitions, the return type on the line above the name, are declarations titled
 * by both lines; prototypes, calls, macros and control statements under a type-like line are not.
 */
class GnuStyleFunctionTest {

  static Stream<Arguments> definitions() {
    return Stream.of(
        Arguments.of("static int\nfoo (int a, char *b)\n{\n  return a;\n}\n",
            "static int foo (int a, char *b)"),
        Arguments.of("char *\nxstrdup (const char *s)\n{\n", "char *xstrdup (const char *s)"),
        Arguments.of("int\nmain (void)\n{\n", "int main (void)"),
        Arguments.of("int\nmain(void)\n{\n", "int main(void)"),
        Arguments.of("static void\nworker (void *arg) {\n", "static void worker (void *arg)"),
        Arguments.of("const struct node *\nfind_node (const struct list *l,\n           int key)\n"
            + "{\n", "const struct node *find_node (const struct list *l,"),
        Arguments.of("int\nold_style (a, b)\n     int a;\n     char *b;\n{\n",
            "int old_style (a, b)"),
        Arguments.of("int\nfoo (int a)\n/* The body.  */\n{\n", "int foo (int a)"),
        Arguments.of("std::vector<int>\nGraph::neighbours (int v) const\n{\n",
            "std::vector<int> Graph::neighbours (int v) const"),
        Arguments.of("bool\noperator== (const Foo &a, const Foo &b)\n{\n",
            "bool operator== (const Foo &a, const Foo &b)"),
        Arguments.of("DWORD WINAPI\nThreadProc (LPVOID param)\n{\n",
            "DWORD WINAPI ThreadProc (LPVOID param)"),
        Arguments.of("static PyObject*\nget_item (PyObject *self)\n{\n",
            "static PyObject* get_item (PyObject *self)"),
        Arguments.of("__extern_always_inline const char *\nrindex (const char *s, int c) __THROW\n"
            + "{\n", "__extern_always_inline const char *rindex (const char *s, int c) __THROW"));
  }

  @ParameterizedTest
  @MethodSource("definitions")
  void aReturnTypeAboveTheNameStartsADefinition(String code, String title) {
    CodeLines lines = lines(code);
    assertTrue(lines.isDeclaration(0), code);
    assertFalse(lines.isDeclaration(1), "the name line continues the declaration: " + code);
    assertEquals(title, lines.title(0, lines.count() - 1));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "static int\nfoo (int a, char *b);\n",
      "int\nfoo (int a,\n     int b);\n",
      "extern void\nfatal (const char *msg)\n     ATTRIBUTE_NORETURN;\nstatic int\nbar (void);\n",
      "int\nfoo (int a)\nbar (b);\n",
      "int\nfoo (int a) = 0\n{\n",
      "int\nif (x)\n{\n",
      "int\nwhile (x)\n{\n",
      "return\nfoo (x)\n{\n",
      "else\nfoo (x)\n{\n",
      "fi\nsetup ()\n{\n",
      "end\nsetup (x)\n{\n",
      "G_BEGIN_DECLS\nG_DEFINE_TYPE (Foo, foo, G_TYPE_OBJECT)\n{\n",
      "x = y\nfoo (x)\n{\n",
      "foo (a)\nbar (b)\n{\n",
      "#define X\nfoo (x)\n{\n",
      "the value\nfound (or zero)\n{\n",
      "Returns the\nvalue (or zero)\nfor the key.\n",
      "  static int\n  foo (int a)\n  {\n",
      "static int\n  foo (int a)\n{\n",
      "static int\n\nfoo (int a)\n{\n",
      "public:\nfoo (int a)\n{\n",
      "int\nfoo.bar (x)\n{\n",
      "int\nfoo (int a\n",
      "int\nfoo (int a) __THROW;\n",
      "int\nfoo (int a) __THROW\nbar (b);\n",
      "extern __inline void\n__attribute__ ((__always_inline__))\n_mm_pause (void)\n{\n",
  })
  void prototypesCallsMacrosAndStatementsAreNot(String code) {
    CodeLines lines = lines(code);
    for (int i = 0; i < lines.count(); i++) {
      assertFalse(GnuStyleFunction.startsAt(lines.index(), i), "line " + i + " of " + code);
      assertFalse(lines.continuesDeclaration(i), "line " + i + " of " + code);
    }
    assertFalse(lines.isDeclaration(1), code);
  }

  @Test
  void aGnuFileGetsItsFunctionsAsTitlesAndScopes() throws IOException {
    String code = resource("gnu.c");
    CodeLines lines = lines(code);
    List<Integer> starts = new ArrayList<>();
    for (int i = 0; i < lines.count(); i++) {
      if (GnuStyleFunction.startsAt(lines.index(), i)) {
        starts.add(i + 1);
      }
    }
    assertEquals(List.of(9, 19, 37), starts, "the definitions, not the prototypes above them");

    CodeLines outline = lines;
    assertEquals(List.of("char *xstrdup (const char *s)"), outline.enclosing(13),
        "the name line at column 0 does not close the scope its return type opened");
    assertEquals(List.of("static int count_words (const char *s)"), outline.enclosing(29));
    assertEquals(List.of("int main (int argc,"), outline.enclosing(41));

    List<Chunk> chunks = new CodeChunker(12, 512, TokenCounter.UNLIMITED).chunk("/o", "src/gnu.c", code);
    assertEquals(List.of(1, 9, 19, 31, 37), chunks.stream().map(Chunk::startLine).toList(),
        "windows start at the return type, never between it and the name");
    assertEquals(List.of("", "char *xstrdup (const char *s)",
        "static int count_words (const char *s)", "", "int main (int argc,"),
        chunks.stream().map(Chunk::title).toList(), "no prototype is a title");
    assertEquals(List.of("static int count_words (const char *s)"), chunks.get(3).headingPath());
  }

  private static CodeLines lines(String code) {
    return new CodeLines(new LineIndex(LineIndex.normalize(code)));
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = GnuStyleFunctionTest.class.getResourceAsStream("/code/" + name)) {
      if (in == null) {
        throw new IOException("no test resource /code/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
