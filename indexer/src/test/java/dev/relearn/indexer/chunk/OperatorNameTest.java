package dev.relearn.indexer.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Operator names read as one plain word; the word {@code operator} used otherwise stays. */
class OperatorNameTest {

  @Test
  void operatorNamesBecomeThePlaceholderTouchingTheParameterList() {
    assertEquals(new OperatorName.Rewrite("bool operator_(const Foo &o) const {", false),
        OperatorName.rewrite("bool operator==(const Foo &o) const {"));
    assertEquals(new OperatorName.Rewrite("bool operator_(int a, int b) const", false),
        OperatorName.rewrite("bool operator() (int a, int b) const"));
    assertEquals(new OperatorName.Rewrite("Foo &Foo::operator_(const Foo &)", false),
        OperatorName.rewrite("Foo &Foo::operator=(const Foo &)"));
    assertEquals(new OperatorName.Rewrite("std::ostream &operator_(std::ostream &o)", false),
        OperatorName.rewrite("std::ostream &operator<<(std::ostream &o)"));
    assertEquals(new OperatorName.Rewrite("void operator_(void *p)", false),
        OperatorName.rewrite("void operator delete[](void *p)"));
    assertEquals(new OperatorName.Rewrite("long double operator_(long double x)", false),
        OperatorName.rewrite("long double operator\"\"_km(long double x)"));
  }

  @Test
  void aConversionOperatorIsMarked() {
    assertEquals(new OperatorName.Rewrite("operator_() const {", true),
        OperatorName.rewrite("operator bool() const {"));
    assertEquals(new OperatorName.Rewrite("Foo::operator_() const", true),
        OperatorName.rewrite("Foo::operator const char *() const"));
  }

  @Test
  void otherUsesOfTheWordStayAsTheyAre() {
    for (String line : new String[] {"void apply(BinaryOperator operator) {",
        "Result operator(Input x) {", "the operator is overloaded (see below)",
        "int operators(int x)", "cooperator(x)", "operator"}) {
      assertEquals(new OperatorName.Rewrite(line, false), OperatorName.rewrite(line), line);
    }
  }
}
