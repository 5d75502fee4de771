/*
 * list-scan.c - the scanner behind the test that no list of names is kept beside its table
 * (tests/test_tables.c): it finds, in one source file, every place where two or more distinct
 * names of one kind (the method table's methods, the workload table's methods, the target table's
 * targets and aliases) are listed together.
 *
 * A name is mentioned by a word: a run of [A-Za-z0-9_.:/-], taken as its last path component and
 * cut at its first ':' (METHOD:OPTION, a make rule's "TARGET:"). A file name (a word with a '.')
 * names a target only as its output, under $(O)/ or plots/out/ (T.png); the configuration lists
 * and run CSVs named after a target (experiments/T.csv, T.csv), its gnuplot script and the
 * papers' tables (data/) are files of their own. Comments are prose for readers, never read by
 * code: they are skipped.
 *   C and CUDA (.c, .h, .cu, .cuh): the string literals (adjacent ones joined) of one statement or
 *     initializer (up to a ';', a block's brace, or the end of a preprocessor line). A list is two
 *     or more names each a literal's one word ({ "naive", "ebisu" }, strcmp(m, "a") || strcmp(m,
 *     "b")), or two or more names within one literal ("(naive, ebisu, cudnn)").
 *   make and shell (Makefile, .mk, .sh): the words of one command (a line joined with its
 *     continuation lines, up to an unquoted ';', '&' or '|' that ends a shell command), quoted or
 *     not: two or more names there are a list. gnuplot (.gp): the words of a physical line (a plot
 *     command's elements are its continuation lines, a list is a string of words on one line).
 */
#include "list-scan.h"

#include <stdio.h>
#include <string.h>

static int word_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '.' || c == ':' || c == '/' || c == '-';
}

/* the name (index into kind k's names) a word mentions, or -1; output: it follows "$(O)" */
static int word_name(const struct scan_names *k, const char *w, size_t len, int output)
{
	char buf[256];
	if (len >= sizeof(buf))
		return -1;
	memcpy(buf, w, len);
	buf[len] = '\0';
	if (memchr(buf, '.', len) && !(output && buf[0] == '/') && strncmp(buf, "plots/out/", 10))
		return -1;   /* a file, not a target's output */
	char *b = strrchr(buf, '/') ? strrchr(buf, '/') + 1 : buf;
	b[strcspn(b, ":.")] = '\0';
	for (size_t i = 0; *b && i < k->n; i++)
		if (!strcmp(k->names[i], b))
			return (int)i;
	return -1;
}

/* the distinct names of each kind that text's words mention, added to seen (seen[kind][name]);
 * *words: how many words it holds */
static void text_names(const struct scan_names *kinds, size_t nkinds, const char *t, size_t len,
		       unsigned char seen[][SCAN_MAX_NAMES], int *words)
{
	*words = 0;
	for (size_t i = 0; i < len;) {
		if (!word_char((unsigned char)t[i])) {
			i++;
			continue;
		}
		size_t j = i;
		while (j < len && word_char((unsigned char)t[j]))
			j++;
		(*words)++;
		const int output = i >= 4 && !strncmp(t + i - 4, "$(O)", 4);
		for (size_t k = 0; k < nkinds; k++) {
			int n = word_name(&kinds[k], t + i, j - i, output);
			if (n >= 0)
				seen[k][n] = 1;
		}
		i = j;
	}
}

/* report a list when seen holds two or more names of a kind; returns how many were reported */
static int report(const struct scan_names *kinds, size_t nkinds, unsigned char seen[][SCAN_MAX_NAMES],
		  const char *path, long line, scan_report_fn fn, void *arg)
{
	int found = 0;
	for (size_t k = 0; k < nkinds; k++) {
		char names[512] = "";
		int n = 0;
		for (size_t i = 0; i < kinds[k].n; i++)
			if (seen[k][i]) {
				n++;
				snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s", n > 1 ? " " : "",
					 kinds[k].names[i]);
			}
		if (n >= 2) {
			fn(arg, path, line, kinds[k].kind, names);
			found++;
		}
	}
	return found;
}

int scan_shell(const struct scan_names *kinds, size_t nkinds, const char *path, const char *text, size_t len,
	       int join, scan_report_fn fn, void *arg)
{
	static unsigned char seen[SCAN_MAX_KINDS][SCAN_MAX_NAMES];
	static char logical[1 << 16];
	int found = 0;
	long line = 1;
	for (size_t i = 0; i < len;) {
		/* one logical line: continuation lines joined, its comment cut */
		size_t n = 0;
		const long first = line;
		int quote = 0, comment = 0;
		while (i < len && text[i] != '\n') {
			const char c = text[i];
			if (join && c == '\\' && i + 1 < len && text[i + 1] == '\n') {
				i += 2;
				line++;
				if (n < sizeof(logical))
					logical[n++] = ' ';
				continue;
			}
			if (!comment && !quote && c == '#' && (n == 0 || logical[n - 1] == ' ' || logical[n - 1] == '\t'))
				comment = 1;
			else if (!comment && (c == '\'' || c == '"'))
				quote = quote == c ? 0 : quote ? quote : c;
			if (!comment && n < sizeof(logical))
				logical[n++] = c;
			i++;
		}
		i++;
		line++;
		/* each command of it: up to an unquoted ';', '&' or '|' */
		int words, q = 0;
		for (size_t a = 0, b = 0; b <= n; b++) {
			const char c = b < n ? logical[b] : ';';
			if (c == '\'' || c == '"')
				q = q == c ? 0 : q ? q : c;
			if (q || (c != ';' && c != '&' && c != '|'))
				continue;
			memset(seen, 0, sizeof(seen));
			text_names(kinds, nkinds, logical + a, b - a, seen, &words);
			found += report(kinds, nkinds, seen, path, first, fn, arg);
			a = b + 1;
		}
	}
	return found;
}

/* a C statement's names: those of its one-word literals, and a literal's own */
struct group {
	unsigned char whole[SCAN_MAX_KINDS][SCAN_MAX_NAMES];
	long line;   /* where its first literal starts */
};

int scan_c(const struct scan_names *kinds, size_t nkinds, const char *path, const char *text, size_t len,
	   scan_report_fn fn, void *arg)
{
	static struct group g;
	static unsigned char seen[SCAN_MAX_KINDS][SCAN_MAX_NAMES];
	static char lit[1 << 14];
	char block[256];   /* the open braces: 1 a block's, 0 an initializer's */
	size_t depth = 0, nlit = 0;
	long line = 1, lit_line = 0;
	int found = 0, in_lit = 0, directive = 0, line_start = 1;
	char prev = 0;       /* the last significant character outside comments and literals */
	char word[16] = "";  /* the last identifier */
	memset(&g, 0, sizeof(g));
	/* the joined literal ends: its own names, and its one word's name for the statement */
#define END_LITERAL() do { \
		if (in_lit) { \
			int words; \
			memset(seen, 0, sizeof(seen)); \
			text_names(kinds, nkinds, lit, nlit, seen, &words); \
			found += report(kinds, nkinds, seen, path, lit_line, fn, arg); \
			for (size_t k_ = 0; words == 1 && k_ < nkinds; k_++) \
				for (size_t n_ = 0; n_ < kinds[k_].n; n_++) \
					if (seen[k_][n_]) { \
						g.whole[k_][n_] = 1; \
						if (!g.line) \
							g.line = lit_line; \
					} \
			in_lit = 0, nlit = 0; \
		} \
	} while (0)
#define END_GROUP() do { \
		END_LITERAL(); \
		found += report(kinds, nkinds, g.whole, path, g.line, fn, arg); \
		memset(&g, 0, sizeof(g)); \
	} while (0)
	for (size_t i = 0; i < len; i++) {
		const char c = text[i];
		if (c == '\n') {
			line++;
			if (directive)
				END_GROUP();
			directive = 0, line_start = 1;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r')
			continue;
		if (c == '/' && i + 1 < len && text[i + 1] == '/') {   /* a line comment */
			while (i + 1 < len && text[i + 1] != '\n')
				i++;
			continue;
		}
		if (c == '/' && i + 1 < len && text[i + 1] == '*') {   /* a block comment */
			for (i += 2; i + 1 < len && !(text[i] == '*' && text[i + 1] == '/'); i++)
				line += text[i] == '\n';
			i++;
			continue;
		}
		if (line_start && c == '#')
			directive = 1;
		line_start = 0;
		if (c == '"') {   /* a string literal, joined to the one before it */
			if (!in_lit)
				lit_line = line;
			in_lit = 1;
			for (i++; i < len && text[i] != '"' && text[i] != '\n'; i++) {
				if (text[i] == '\\' && i + 1 < len)
					i++;
				if (nlit < sizeof(lit))
					lit[nlit++] = text[i];
			}
			if (nlit < sizeof(lit))
				lit[nlit++] = ' ';
			continue;
		}
		END_LITERAL();
		if (c == '\'') {   /* a character literal */
			for (i++; i < len && text[i] != '\'' && text[i] != '\n'; i++)
				if (text[i] == '\\')
					i++;
			prev = '\'';
			continue;
		}
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') {
			size_t n = 0;
			while (i < len && (word_char((unsigned char)text[i]) && text[i] != '.' && text[i] != ':' &&
					   text[i] != '/' && text[i] != '-')) {
				if (n + 1 < sizeof(word))
					word[n++] = text[i];
				i++;
			}
			word[n] = '\0';
			i--;
			prev = 'a';
			continue;
		}
		if (c == ';') {
			END_GROUP();
		} else if (c == '{') {
			/* a block's brace, or an initializer's (after '=', ',' or another initializer's) */
			const int in_block = depth == 0 || (depth <= sizeof(block) && block[depth - 1]);
			const int is_block = prev == ')' || prev == ';' || prev == '}' || prev == 0 ||
					     (prev == '{' && in_block) ||
					     (prev == 'a' && (!strcmp(word, "else") || !strcmp(word, "do")));
			if (depth < sizeof(block))
				block[depth] = (char)is_block;
			depth++;
			if (is_block)
				END_GROUP();
		} else if (c == '}') {
			if (depth > 0 && --depth < sizeof(block) && block[depth])
				END_GROUP();
		}
		prev = c;
	}
	END_GROUP();
#undef END_GROUP
#undef END_LITERAL
	return found;
}

int scan_file(const struct scan_names *kinds, size_t nkinds, const char *path, const char *text, size_t len,
	      scan_report_fn fn, void *arg)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	const char *dot = strrchr(base, '.');
	if (dot && (!strcmp(dot, ".c") || !strcmp(dot, ".h") || !strcmp(dot, ".cu") || !strcmp(dot, ".cuh")))
		return scan_c(kinds, nkinds, path, text, len, fn, arg);
	if (!strcmp(base, "Makefile") || (dot && (!strcmp(dot, ".mk") || !strcmp(dot, ".sh"))))
		return scan_shell(kinds, nkinds, path, text, len, 1, fn, arg);
	if (dot && !strcmp(dot, ".gp"))
		return scan_shell(kinds, nkinds, path, text, len, 0, fn, arg);
	return 0;
}
