/*
 * page-html.c - the page's HTML writers (page.h): escaped text with `code` spans, the inline CSS,
 * the renderer's Markdown outputs (paragraphs and pipe tables) as HTML, and gnuplot's SVGs inlined
 * with every element id namespaced per figure, so that the page's ids stay unique.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "page-int.h"

/* a table longer than this is folded (details/summary: no script needed to open it) */
#define PH_FOLD_ROWS 24

void ph_esc(FILE *f, const char *s)
{
	for (; s && *s; s++)
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc(*s, f);
		}
}

void ph_inline(FILE *f, const char *s)
{
	char buf[4096];
	const char *tick;
	while (s && (tick = strchr(s, '`')) && strchr(tick + 1, '`')) {
		const char *end = strchr(tick + 1, '`');
		snprintf(buf, sizeof(buf), "%.*s", (int)(tick - s), s);
		ph_esc(f, buf);
		snprintf(buf, sizeof(buf), "%.*s", (int)(end - tick - 1), tick + 1);
		fputs("<code>", f);
		ph_esc(f, buf);
		fputs("</code>", f);
		s = end + 1;
	}
	ph_esc(f, s);
}

void ph_style(FILE *f)
{
	fputs("<style>\n"
	      "body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1400px;padding:0 16px 48px;"
	      "color:#111}\n"
	      "h1{font-size:26px;margin:18px 0 6px}h2{border-bottom:2px solid #444;margin-top:36px}\n"
	      "h3{margin:28px 0 4px}nav a{margin-right:10px}\n"
	      "table{border-collapse:collapse;margin:8px 0;font-size:12.5px}\n"
	      "th,td{border:1px solid #bbb;padding:2px 5px;vertical-align:top;overflow-wrap:break-word}\n"
	      "th[scope=row]{white-space:nowrap}\n"
	      "th{background:#eee;text-align:left}.scroll{overflow-x:auto;max-width:100%}\n"
	      "figure{margin:10px 0}figure svg{display:block;width:100%;height:auto;max-width:100%;"
	      "border:1px solid #ddd}\n"
	      ".warn,.bad{color:#c00;font-weight:600}.ok{color:#070}.muted{color:#555}\n"
	      "td.proto p{font-size:12px;margin:0 0 4px}\n"
	      "#verdict-table{width:100%;font-size:12px}#verdict-table td{overflow-wrap:break-word}\n"
	      "#verdict-table td[data-col=id]{white-space:nowrap}#verdict-table td[data-col=criterion]{min-width:14em}\n"
	      ".prov{font-size:13px;color:#333}.cmd code{background:#f3f3f3;padding:1px 4px}\n"
	      "td.v-holds{background:#e6f4e6}td.v-does{background:#fbe3e3}"
	      "td.v-inconclusive,td.v-premise{background:#fff6d6}\n"
	      "summary{cursor:pointer;color:#034;margin:4px 0}.src{color:#555;font-size:13px}\n"
	      "</style>\n",
	      f);
}

int ph_exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
}

int ph_first_line(const char *path, char *buf, size_t len)
{
	FILE *in = fopen(path, "r");
	buf[0] = '\0';
	if (!in)
		return -1;
	if (!fgets(buf, (int)len, in))
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	fclose(in);
	return 0;
}

/* ---- Markdown: the renderer's own subset (a title, paragraphs, pipe tables) ---- */

/* the cells of a "| a | b |" line in place: pointers into line, how many */
static size_t md_cells(char *line, char **cells, size_t max)
{
	size_t n = 0;
	char *s = line + 1;
	for (char *bar; n < max && (bar = strchr(s, '|')); s = bar + 1) {
		*bar = '\0';
		while (*s == ' ')
			s++;
		for (char *e = s + strlen(s); e > s && e[-1] == ' '; e--)
			e[-1] = '\0';
		cells[n++] = s;
	}
	return n;
}

static int md_rule(const char *line)
{
	return strspn(line, "|-: ") == strlen(line);
}

/* one table's lines (lines[0] the header, lines[1] the rule) */
static void md_table(FILE *f, char **lines, size_t n)
{
	char *cells[64];
	const size_t rows = n > 2 ? n - 2 : 0;
	if (rows > PH_FOLD_ROWS)
		fprintf(f, "<details><summary>the table: %zu rows</summary>\n", rows);
	fputs("<div class=\"scroll\"><table>\n", f);
	for (size_t i = 0; i < n; i++) {
		if (i == 1 && md_rule(lines[i]))
			continue;
		const size_t nc = md_cells(lines[i], cells, 64);
		fputs("<tr>", f);
		for (size_t c = 0; c < nc; c++) {
			const int bad = i > 0 && (strstr(cells[c], "throttled") || strstr(cells[c], "wrong"));
			fputs(i == 0 ? "<th>" : bad ? "<td class=\"warn\">" : "<td>", f);
			ph_inline(f, cells[c]);
			fputs(i == 0 ? "</th>" : "</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table></div>\n", f);
	if (rows > PH_FOLD_ROWS)
		fputs("</details>\n", f);
}

static void md_para(FILE *f, const char *text)
{
	if (!*text)
		return;
	fputs("<p>", f);
	ph_inline(f, text);
	fputs("</p>\n", f);
}

int ph_markdown(FILE *f, const char *path, char *title, size_t titlelen)
{
	char *buf, err[256];
	size_t len;
	if (title)
		title[0] = '\0';
	if (input_file_read(path, &buf, &len, err, sizeof(err)) != 0)
		return -1;
	buf = realloc(buf, len + 1);
	buf[len] = '\0';
	char **lines = calloc(len + 2, sizeof(*lines)), *para = calloc(len + 2, 1);
	size_t nl = 0;
	for (char *s = buf, *nlp; s && *s; s = nlp ? nlp + 1 : NULL) {
		nlp = strchr(s, '\n');
		if (nlp)
			*nlp = '\0';
		lines[nl++] = s;
	}
	for (size_t i = 0; i < nl; i++) {
		if (!strncmp(lines[i], "## ", 3) && title && !title[0]) {
			snprintf(title, titlelen, "%s", lines[i] + 3);
		} else if (lines[i][0] == '|') {
			size_t j = i;
			while (j < nl && lines[j][0] == '|')
				j++;
			md_para(f, para);
			para[0] = '\0';
			md_table(f, lines + i, j - i);
			i = j - 1;
		} else if (!lines[i][0]) {
			md_para(f, para);
			para[0] = '\0';
		} else {
			if (para[0])
				strcat(para, " ");
			strcat(para, lines[i]);
		}
	}
	md_para(f, para);
	free(lines);
	free(para);
	free(buf);
	return 0;
}

/* ---- SVG ---- */

void page_figure_ns(char *buf, size_t len, const char *svg_path)
{
	const char *base = strrchr(svg_path, '/');
	base = base ? base + 1 : svg_path;
	const char *dot = strrchr(base, '.');
	snprintf(buf, len, "f-%.*s", (int)(dot ? (size_t)(dot - base) : strlen(base)), base);
}

/* at s, one of the forms that name an id (id='X', href="#X", url(#X)): how many bytes of it come
 * before X (*def: 1 for id=, which defines it), else 0 */
static size_t id_ref(const char *s, const char *start, int *def)
{
	static const char *const forms[] = { "id='", "id=\"", "href='#", "href=\"#", "url(#" };
	for (size_t k = 0; k < sizeof(forms) / sizeof(forms[0]); k++) {
		const size_t l = strlen(forms[k]);
		/* an attribute starts after white space; "xlink:href" counts as href */
		const int attr = k < 4 && s > start && !strchr(" \t\n:", s[-1]);
		*def = k < 2;
		if (!attr && !strncmp(s, forms[k], l))
			return l;
	}
	return 0;
}

/* ids an SVG defines, to tell a second definition of one (gnuplot repeats its plots' group ids
 * in a multiplot) */
struct id_set {
	char **ids;
	size_t n, cap;
};

/* whether the set held id (of length len); added when it did not */
static int id_seen(struct id_set *set, const char *id, size_t len)
{
	for (size_t i = 0; i < set->n; i++)
		if (strlen(set->ids[i]) == len && !strncmp(set->ids[i], id, len))
			return 1;
	if (set->n == set->cap) {
		set->cap = set->cap ? 2 * set->cap : 64;
		set->ids = realloc(set->ids, set->cap * sizeof(*set->ids));
	}
	set->ids[set->n++] = strndup(id, len);
	return 0;
}

int page_svg_inline(FILE *f, const char *path, const char *ns, char *err, size_t errlen)
{
	char *buf;
	size_t len, dups = 0;
	struct id_set set = { NULL, 0, 0 };
	if (input_file_read(path, &buf, &len, err, errlen) != 0)
		return -1;
	buf = realloc(buf, len + 1);
	buf[len] = '\0';
	char *s = strstr(buf, "<svg");
	if (!s) {
		snprintf(err, errlen, "%s: no <svg> element", path);
		free(buf);
		return -1;
	}
	for (const char *start = s; *s;) {
		int def;
		const size_t l = id_ref(s, start, &def);
		if (!l) {
			fputc(*s++, f);
			continue;
		}
		fwrite(s, 1, l, f);
		s += l;
		const size_t idlen = strcspn(s, "'\")");
		/* a second definition of an id: renamed (references name the first) */
		if (def && id_seen(&set, s, idlen))
			fprintf(f, "%s-%zu-", ns, ++dups);
		else
			fprintf(f, "%s-", ns);
	}
	for (size_t i = 0; i < set.n; i++)
		free(set.ids[i]);
	free(set.ids);
	free(buf);
	return 0;
}
