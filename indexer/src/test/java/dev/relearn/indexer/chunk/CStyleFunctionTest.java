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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Function definitions without a declaration keyword (C, C++: also constructors, destructors and
 * operators) are declarations: titles, window boundaries and enclosing scopes; statements, calls,
 * macros and prototypes are not.
 */
class CStyleFunctionTest {

  @ParameterizedTest
  @ValueSource(strings = {
      "int main(int argc, char **argv) {",
      "static void *worker(void *arg)",
      "struct node *make_node(int v) {",
      "unsigned long hash(const char *s)",
      "const char *name_of(enum kind k)",
      "int **grid(void)",
      "void Circle::draw(Canvas &c) const {",
      "std::vector<int> Graph::neighbours(int v) const",
      "std::map<std::string, int> count_words(const std::string &text) {",
      "T max_of(T a, T b) {",
      "    double area() const override {",
      "    explicit Circle(double r) : r_(r) {}",
      "    int size() const { return n_; }",
      "auto sum(int a, int b) -> int {",
      "void run() throws IOException {",
      "void apply(BinaryOperator operator) {",
      "int Stack<T>::size() const {",
  })
  void definitionsAreDeclarations(String line) {
    assertTrue(declaration(line), line);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "x = f(y);",
      "x = f(y)",
      "if (a) {",
      "} else if (b) {",
      "else if (b)",
      "return g(x);",
      "return g(x)",
      "while (i < n) {",
      "for (int i = 0; i < n; i++) {",
      "switch (c) {",
      "do_work(a, b);",
      "MAX(a, b);",
      "FOO(x)",
      "TEST(Suite, Name) {",
      "list_for_each_entry(pos, head, member) {",
      "printf(\"%d\\n\", x);",
      "obj.method(x)",
      "p->fn(x)",
      "int count_nodes(const struct node *head);",
      "unsigned long h = hash(s);",
      "int biggest = MAX(argc, 2);",
      "std::string s(buf, n);",
      "sizeof (int)",
      "new Widget(parent)",
      "throw Error(message)",
      "assert valid(x)",
      "await load(x)",
      "print render(page)",
      "elif check(x):",
      "default: handle(x)",
      "#define MAX(a, b) ((a) > (b) ? (a) : (b))",
      "Compute the hash (djb2)",
      "the file on disk may not reflect the data written until close()",
      "Returns a dictionary just like parse_qs(): keys are the field names",
      "See also PyInterpreterState_Get()",
      "result = compute(a) +",
      "  } while (more(x))",
      "i < n && ok(x)",
      "x > f(y)",
  })
  void statementsCallsAndPrototypesAreNot(String line) {
    assertFalse(declaration(line), line);
    assertFalse(declaration("    " + line), "indented: " + line);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "Foo::Foo(int x) : a(x) {",
      "Foo::Foo(int x)",
      "Foo::~Foo() {",
      "ns::Widget::Widget(const Widget &other) {",
      "Stack<T>::Stack() : size_(0) {",
      "    explicit Foo(int x) {",
      "    Foo(int x) {",
      "    Foo(const Foo &other) : a(other.a) {}",
      "    Foo(std::map<std::string, int> counts, int n = 0) {",
      "    Foo() : a(0) {}",
      "    Foo() noexcept {",
      "    ~Foo() {",
      "    ~Foo(void)",
      "    virtual ~Foo() {",
      "    bool operator==(const Foo& o) const {",
      "Foo& Foo::operator=(const Foo&) {",
      "    operator bool() const {",
      "    explicit operator bool() const {",
      "Foo::operator std::string() const {",
      "std::ostream &operator<<(std::ostream &out, const Foo &f) {",
      "    T &operator[](size_t i) {",
      "    bool operator()(int a, int b) const {",
      "void *operator new(size_t n) {",
      "void operator delete[](void *p) noexcept {",
      "long double operator\"\"_km(long double x) {",
  })
  void constructorsDestructorsAndOperatorsAreDeclarations(String line) {
    assertTrue(declaration(line), line);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "Foo() = default;",
      "Foo(const Foo &) = delete;",
      "Foo(int x);",
      "~Foo();",
      "bool operator==(const Foo &o) const;",
      "Foo &operator=(Foo &&) noexcept = default;",
      "operator bool() const;",
      "bool operator<(const Foo &o) const = delete",
      "Widget(parent) {",
      "Column(modifier = Modifier.fillMaxSize()) {",
      "Setup()",
      "Setup() // and go",
      "TEST_F(FooTest, DoesX) {",
      "Q_FOREACH(const QString &s, list) {",
      "DEFINE_bool(verbose, false, \"say more\")",
      "std::sort(v.begin(), v.end())",
      "Foo::bar(int x) {",
      "x = a.operator==(b)",
      "a.operator()(b)",
      "the operator== (for Foo) compares",
      "the operator is overloaded (see below)",
      "operator is overloaded (see below)",
      "operator to call(x)",
      "~mask(x) & y",
      "~Literal(opener)",
      "Point2D(...)",
      "KroneckerProduct(C**m, D**m)",
      "TensorProduct(b1*A, b2*B)",
      "PyAPI_FUNC(PyCodeObject*)",
  })
  void declaredMembersCallsAndMacrosAreNot(String line) {
    assertFalse(declaration(line), line);
    assertFalse(declaration("    " + line), "indented: " + line);
  }

  @Test
  void anOpenParameterListCountsOnlyAtColumnZero() {
    assertTrue(declaration("int parse_options(int argc,"));
    assertTrue(declaration("unsigned long hash_bytes("));
    assertFalse(declaration("    unsigned long hash_bytes("), "a call's arguments wrapped");
    assertFalse(declaration("    std::vector<int> v(10,"), "a constructor call wrapped");
    assertTrue(declaration("Ledger::Ledger(std::string name,"));
    assertFalse(declaration("Ledger(std::string name,"), "a one-word list left open");
  }

  @Test
  void aCFileGetsItsFunctionsAsTitlesAndScopes() throws IOException {
    String code = resource("list.c");
    CodeLines lines = lines(code);
    List<Integer> definitions = List.of(18, 28, 37, 43, 51);
    assertEquals(definitions, cStyleLines(lines), "every function definition; no prototype,"
        + " statement or macro");
    for (int line : definitions) {
      assertTrue(lines.isDeclaration(line - 1), "line " + line);
    }
    assertEquals("unsigned long hash(const char *s)", lines.title(27, 35));
    assertEquals("int main(int argc, char **argv)", lines.title(50, 62));

    CodeLines outline = lines;
    assertEquals(List.of("unsigned long hash(const char *s)"), outline.enclosing(32));
    assertEquals(List.of("int main(int argc, char **argv)"), outline.enclosing(55));

    List<Chunk> chunks = new CodeChunker(12, 512, TokenCounter.UNLIMITED).chunk("/o", "src/list.c", code);
    assertEquals(List.of(1, 13, 19, 28, 38, 51), chunks.stream().map(Chunk::startLine).toList());
    assertEquals(List.of("struct node", "struct node *make_node(int v)", "",
        "unsigned long hash(const char *s)", "int count_nodes(const struct node *head)",
        "int main(int argc, char **argv)"), titles(chunks),
        "definitions, never a statement such as struct node *n = malloc(sizeof *n);");
    assertEquals(List.of("struct node *make_node(int v)"), chunks.get(2).headingPath(),
        "a window inside a function is enclosed by it");
    assertEquals(List.of("static void *worker(void *arg)"), chunks.get(4).headingPath());
  }

  @Test
  void aCppFileGetsItsFunctionsAndMethods() throws IOException {
    String code = resource("shapes.cpp");
    CodeLines lines = lines(code);
    assertEquals(List.of(14, 15, 23, 31, 41), cStyleLines(lines));
    CodeLines outline = lines;
    assertEquals(List.of("class Circle : public Shape", "double area() const override"),
        outline.enclosing(15), "a method in its class");
    assertEquals(List.of("std::vector<int> Graph::neighbours(int v) const"),
        outline.enclosing(34), "an out-of-class definition, brace on the next line");
    assertEquals(List.of("T max_of(T a, T b)"), outline.enclosing(41));

    List<Chunk> chunks = new CodeChunker(12, 512, TokenCounter.UNLIMITED).chunk("/o", "src/shapes.cpp", code);
    List<String> titles = titles(chunks);
    assertTrue(titles.contains("double total_area(const std::vector<Shape *> &shapes)"),
        titles.toString());
    assertTrue(titles.contains("std::vector<int> Graph::neighbours(int v) const"),
        titles.toString());
  }

  @Test
  void aCppClassGetsItsConstructorsAndOperators() throws IOException {
    String code = resource("members.cpp");
    CodeLines lines = lines(code);
    assertEquals(List.of(7, 9, 12, 16, 25, 30, 44, 50), cStyleLines(lines),
        "definitions; no = default, = delete or declaration ending with ;");
    CodeLines outline = lines;
    assertEquals(List.of("class Money", "~Money()"), outline.enclosing(9));
    assertEquals(List.of("class Money", "bool operator==(const Money &o) const"),
        outline.enclosing(12));
    assertEquals(List.of("class Money", "operator bool() const"), outline.enclosing(16));
    assertEquals(List.of("Money &Money::operator=(const Money &o)"), outline.enclosing(25));
    assertEquals(List.of("Ledger::Ledger(std::string name, int capacity)"),
        outline.enclosing(46), "the initialiser list on the next line stays inside");

    List<Chunk> chunks = new CodeChunker(12, 512, TokenCounter.UNLIMITED).chunk("/o", "src/members.cpp", code);
    List<String> titles = titles(chunks);
    assertTrue(titles.contains("Money &Money::operator=(const Money &o)"), titles.toString());
    assertTrue(titles.contains("Ledger::Ledger(std::string name, int capacity)"),
        titles.toString());
    assertTrue(titles.contains("Ledger::~Ledger()"), titles.toString());
  }

  private static boolean declaration(String line) {
    return lines(line + "\n").isDeclaration(0);
  }

  private static CodeLines lines(String code) {
    return new CodeLines(new LineIndex(LineIndex.normalize(code)));
  }

  /** The 1-based lines {@link CStyleFunction} takes for definitions, keyword or not. */
  private static List<Integer> cStyleLines(CodeLines lines) {
    List<Integer> found = new ArrayList<>();
    for (int i = 0; i < lines.count(); i++) {
      if (CStyleFunction.matches(lines.index().line(i).strip(), lines.indent(i) == 0)) {
        found.add(i + 1);
      }
    }
    return found;
  }

  @Test
  void aNameOfThousandsOfQualifiersIsReadWithoutOverflowingTheStack() {
    // generated code may hold such a line; it failed the whole run with a StackOverflowError
    String name = "ns::".repeat(20_000) + "run";
    assertTrue(CStyleFunction.matches("int " + name + "(int x) {", true));
    List<Chunk> chunks = new CodeChunker(CodeChunker.DEFAULT_MAX_LINES, 512,
        TokenCounter.UNLIMITED).chunk("/o", "p/gen.cc", "int " + name + "(int x) {\n}\n");
    assertFalse(chunks.isEmpty());
  }

  private static List<String> titles(List<Chunk> chunks) {
    return chunks.stream().map(Chunk::title).toList();
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = CStyleFunctionTest.class.getResourceAsStream("/code/" + name)) {
      if (in == null) {
        throw new IOException("no test resource /code/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
