package dev.relearn.indexer.chunk;

import java.util.ArrayList;
import java.util.List;

/**
 * Recognises the definitions that C++ and Java write with one word before the parameter list, as
 * they have no return type, for {@link CStyleFunction}:
 *
 * <ul>
 *   <li>out-of-class constructors and destructors, whose last two name parts agree: {@code
 *       Foo::Foo(int x) : a(x)}, {@code Foo::~Foo()}, {@code Stack<T>::Stack()};
 *   <li>destructors in their class, which take no parameters: {@code ~Foo()}, {@code ~Foo(void)};
 *   <li>conversion operators: {@code operator bool() const}, {@code Foo::operator int()};
 *   <li>constructors in their class (and Java's package-private ones): {@code Foo(int x) {}},
 *       when the name is capitalised and not all capitals (a class, not a macro such as {@code
 *       TEST(a, b) {}}) and every parameter has a type and a name ({@code const Foo &o}, {@code
 *       int n = 0}) or a type of two words ({@code const Foo &}) or, for {@code Foo() {}},
 *       something (a body, an initialiser list, {@code noexcept}) follows the empty list. A
 *       call's arguments ({@code Widget(parent)}, {@code Column(modifier = m)}, {@code
 *       Product(b1*A)}) have no types.
 * </ul>
 */
final class NoReturnType {
  private NoReturnType() {}

  /**
   * Whether the one word {@code name} before a parameter list defines something whatever the
   * parameters: a qualified constructor or destructor or a conversion operator.
   *
   * @param conversion whether {@code name} was a conversion operator ({@link OperatorName})
   */
  static boolean certain(String name, boolean conversion) {
    if (conversion) {
      return true;
    }
    String[] parts = name.split("::", -1);
    if (parts.length == 1) {
      return false;
    }
    String owner = CStyleFunction.withoutTemplateArguments(parts[parts.length - 2]);
    String last = parts[parts.length - 1];
    return last.equals(owner) || last.equals("~" + owner);
  }

  /**
   * Whether {@code name(parameters) tail}, one word before the list, defines a constructor,
   * destructor or conversion operator.
   */
  static boolean matches(String name, String parameters, String tail, boolean conversion) {
    if (certain(name, conversion)) {
      return true;
    }
    if (name.contains("::")) {
      return false;
    }
    if (name.startsWith("~")) { // a destructor takes nothing: ~Literal(opener) is an expression
      return parameters.isBlank() || parameters.strip().equals("void");
    }
    return isClassName(name) && (parameters.isBlank() ? !tail.isBlank() : allTyped(parameters));
  }

  /** Capitalised and with a lower-case letter: {@code Foo}, {@code HTTPClient}, not {@code FOO}. */
  private static boolean isClassName(String name) {
    return Character.isUpperCase(name.charAt(0)) && name.chars().anyMatch(Character::isLowerCase);
  }

  private static boolean allTyped(String parameters) {
    for (String parameter : split(parameters)) {
      if (!typed(parameter)) {
        return false;
      }
    }
    return true;
  }

  /**
   * A type and a name ({@code int n}, {@code const Foo &o}, {@code Foo *p = nullptr}) or a type of
   * two words or more ({@code const Foo &}), with a space between words: {@code C**m} and {@code
   * b1*A} are products, {@code PyObject*} a macro's argument.
   */
  private static boolean typed(String parameter) {
    int equals = parameter.indexOf('=');
    String declared = (equals >= 0 ? parameter.substring(0, equals) : parameter).strip();
    while (declared.endsWith("]") && declared.indexOf('[') > 0) { // int v[], char b[16]
      declared = declared.substring(0, declared.lastIndexOf('[')).stripTrailing();
    }
    if (declared.indexOf(' ') < 0 && declared.indexOf('\t') < 0) {
      return false;
    }
    CStyleFunction.Words words = CStyleFunction.words(declared, declared.length());
    return words != null && words.count() >= 2 && CStyleFunction.isName(words.last());
  }

  /** The parameters, split at commas outside brackets ({@code std::map<K, V> m}). */
  private static List<String> split(String parameters) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < parameters.length(); i++) {
      char c = parameters.charAt(i);
      if ("<([{".indexOf(c) >= 0) {
        depth++;
      } else if (">)]}".indexOf(c) >= 0) {
        depth--;
      } else if (c == ',' && depth == 0) {
        out.add(parameters.substring(start, i));
        start = i + 1;
      }
    }
    out.add(parameters.substring(start));
    return out;
  }
}
