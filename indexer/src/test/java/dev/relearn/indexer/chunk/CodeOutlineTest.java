package dev.relearn.indexer.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class CodeOutlineTest {
  private static final String COUNTER = """
        public class Counter {
            private static final long serialVersionUID = 1L;
            /**
             * Adds one.
             */
            public void increment() {
                count++;
            }
        }
        """;

  private static CodeLines outline(String code) {
    return new CodeLines(new LineIndex(LineIndex.normalize(code)));
  }

  @Test
  void aMethodIsEnclosedByItsClassesUntilTheyClose() {
    CodeLines outline = outline("""
        package p;

        public class Outer<K, V> extends Base {
            static final class Inner {
                public int size() {
                    return 0;
                }
            }

            private void after() {
            }
        }
        class Next {
        }
        """);
    assertEquals(List.of(), outline.enclosing(2), "a top-level class is enclosed by nothing");
    assertEquals(List.of("public class Outer<K, V> extends Base", "static final class Inner"),
        outline.enclosing(4), "the brace is dropped; the method is in both classes");
    assertEquals(List.of("public class Outer<K, V> extends Base", "static final class Inner",
        "public int size()"), outline.enclosing(5));
    assertEquals(List.of("public class Outer<K, V> extends Base"), outline.enclosing(9),
        "Inner closed at its brace");
    assertEquals(List.of(), outline.enclosing(12), "Outer closed at its brace");
  }

  @Test
  void pythonScopesCloseAtADedent() {
    CodeLines outline = outline("""
        class Cache:
            def get(self, key):
                return self.d[key]

        # a comment at column 0 inside the class closes nothing
            def put(self, key, value):
                self.d[key] = value

        def helper():
            pass
        """);
    assertEquals(List.of("class Cache:", "def get(self, key):"), outline.enclosing(2));
    assertEquals(List.of("class Cache:"), outline.enclosing(5));
    assertEquals(List.of(), outline.enclosing(8), "a top-level def after the class");
    assertEquals(List.of("def helper():"), outline.enclosing(9));
  }

  @Test
  void aBraceOnItsOwnLineKeepsItsDeclarationOpen() {
    CodeLines outline = outline("""
        public class Service
        {
            public void Run()
            {
                Work();
            }
        }
        """);
    assertEquals(List.of("public class Service"), outline.enclosing(2));
    assertEquals(List.of("public class Service", "public void Run()"), outline.enclosing(4));
  }

  @Test
  void aDeclarationEndingWithASemicolonOpensNothing() {
    assertEquals(List.of("public class Counter"), outline(COUNTER).enclosing(3),
        "the doc comment under the field is not inside the field");
  }

  @Test
  void kotlinAndCSharpDeclarationsOpenScopes() {
    CodeLines kotlin = outline("""
        internal class Repo {
            override fun load(id: Int): Item {
                return items[id]
            }
        }
        """);
    assertEquals(List.of("internal class Repo", "override fun load(id: Int): Item"),
        kotlin.enclosing(2));
    CodeLines csharp = outline("""
        namespace Shop.Orders
        {
            public class Order
            {
                public virtual decimal Total() => 0;
            }
        }
        """);
    assertEquals(List.of("namespace Shop.Orders", "public class Order"), csharp.enclosing(4));
  }

  @Test
  void anAssignmentToAVariableNamedLikeAKeywordIsNoDeclaration() {
    CodeLines outline = outline("""
        type = load()
            extra = 1
        static.x = 2
            more = 3
        """);
    assertEquals(List.of(), outline.enclosing(1), "'type = …' is an assignment");
    assertEquals(List.of(), outline.enclosing(3), "'static.x' is an attribute");
  }

  @Test
  void linesMustBeAskedForInOrder() {
    CodeLines outline = outline("class A {\n  void a() {}\n}\n");
    outline.enclosing(2);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> outline.enclosing(1));
    assertEquals("lines must be asked for in increasing order, got 1 after 2", e.getMessage());
  }
}
