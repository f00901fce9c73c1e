/*
 * A linked list with a hash, for the chunker's tests.
 * Compute the hash (djb2)
 */
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>

#define MAX(a, b) ((a) > (b) ? (a) : (b))

struct node {
    int value;
    struct node *next;
};

int count_nodes(const struct node *head);

struct node *make_node(int v) {
    struct node *n = malloc(sizeof *n);
    if (n == NULL) {
        abort();
    }
    n->value = v;
    n->next = NULL;
    return n;
}

unsigned long hash(const char *s)
{
    unsigned long h = 5381;
    while (*s) {
        h = h * 33 + (unsigned char) *s++;
    }
    return h;
}

static void *worker(void *arg) {
    const struct node *n = arg;
    printf("%d\n", n->value);
    return NULL;
}

int count_nodes(const struct node *head) {
    int count = 0;
    for (; head != NULL; head = head->next) {
        count++;
    }
    return count;
}

int main(int argc, char **argv) {
    struct node *head = make_node(argc);
    pthread_t thread;
    int biggest = MAX(argc, 2);
    if (argc > 1) {
        printf("%lu\n", hash(argv[1]));
    }
    pthread_create(&thread, NULL, worker, head);
    pthread_join(thread, NULL);
    biggest = MAX(biggest, count_nodes(head));
    free(head);
    return biggest > 2 ? 1 : 0;
}
