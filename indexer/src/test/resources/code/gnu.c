/* String helpers in GNU style, for the chunker's tests.  */
#include <stdlib.h>
#include <string.h>

static int count_words (const char *s);
extern void fatal (const char *msg)
     __attribute__ ((noreturn));

char *
xstrdup (const char *s)
{
  size_t n = strlen (s) + 1;
  char *copy = malloc (n);
  if (copy == NULL)
    fatal ("out of memory");
  return memcpy (copy, s, n);
}

static int
count_words (const char *s)
{
  int words = 0;
  int in_word = 0;
  for (; *s; s++)
    {
      if (*s == ' ')
        in_word = 0;
      else if (!in_word)
        {
          in_word = 1;
          words++;
        }
    }
  return words;
}

int
main (int argc,
      char **argv)
{
  if (argc < 2)
    return 1;
  char *word = xstrdup (argv[1]);
  int n = count_words (word);
  free (word);
  return n > 0 ? 0 : 2;
}
