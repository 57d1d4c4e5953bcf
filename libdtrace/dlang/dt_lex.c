/*
 * dt_lex.c: the D lexer, hand written.
 *
 * Two lexical states: expressions (C tokens) and probe descriptions.  The
 * parser asks for a probe description where a clause starts; the lexer then
 * takes everything up to white space, ',', '{' or a '/' that opens a
 * predicate.  Comments (C and C++ style) and a first line starting with "#!"
 * are skipped.
 *
 * Line markers, which cpp writes ("# 12 \"file.d\" 2") and #line gives,
 * are followed: the lines after one have its number and file, so that
 * errors in preprocessed text name the user's line (after cpp's marker
 * "# 12" the next line is 12; after "#line 12", as after "#pragma line
 * 12", it is 13, as in DTrace).  A marker gives at
 * most 2147483647 (INT_MAX, as C allows #line); the lines after it keep
 * that number rather than wrap, and so do the markers cpp writes past it,
 * as a column past INT_MAX stays there.  Any other directive at the
 * start of a line (#define, #include, #foo, ...) is DTrace's
 * D_PRAGCTL_INVAL, "invalid control directive": C's need -C.
 *
 * Errors unwind through dt_cerror(); the token being lexed may then hold
 * memory (a partial string), which the caller frees with dt_tok_free().
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "dt_ast.h"
#include "dt_dlang.h"

void
dt_lex_init(dt_pcb_t *pcb)
{
	pcb->pcb_ptr = pcb->pcb_src;
	pcb->pcb_pos.sp_line = 1;
	pcb->pcb_pos.sp_col = 1;
	pcb->pcb_pos.sp_file = 0;
	pcb->pcb_pos.sp_pline = 1;
	if (pcb->pcb_len >= 2 && pcb->pcb_src[0] == '#' &&
	    pcb->pcb_src[1] == '!') {
		while (pcb->pcb_ptr < pcb->pcb_src + pcb->pcb_len &&
		    *pcb->pcb_ptr != '\n')
			pcb->pcb_ptr++;
	}
}

static int
peekc(dt_pcb_t *pcb, size_t n)
{
	const char *p = pcb->pcb_ptr + n;

	return (p < pcb->pcb_src + pcb->pcb_len ? (unsigned char)*p : -1);
}

static void
advance(dt_pcb_t *pcb, size_t n)
{
	while (n-- > 0 && pcb->pcb_ptr < pcb->pcb_src + pcb->pcb_len) {
		/* counts stop at INT_MAX (#line 2147483647, the largest
		   a line marker may give, then more lines) */
		if (*pcb->pcb_ptr == '\n') {
			if (pcb->pcb_pos.sp_line < INT_MAX)
				pcb->pcb_pos.sp_line++;
			if (pcb->pcb_pos.sp_pline < INT_MAX)
				pcb->pcb_pos.sp_pline++;
			pcb->pcb_pos.sp_col = 1;
		} else if (pcb->pcb_pos.sp_col < INT_MAX) {
			pcb->pcb_pos.sp_col++;
		}
		pcb->pcb_ptr++;
	}
}

/* The letters, digits and '_' from the current character on. */
static size_t
word_len(dt_pcb_t *pcb)
{
	size_t n = 0;

	while (isalnum(peekc(pcb, n)) || peekc(pcb, n) == '_')
		n++;
	return (n);
}

/*
 * At a '#' that starts a line (blanks before it): consume a line marker
 * ("# N \"file\" flags", "#line N \"file\"") or an #ident line (which
 * cpp passes on, and D ignores) and return true; report any other
 * directive; return false for anything else (#pragma is a token).
 */
static bool
lex_directive(dt_pcb_t *pcb)
{
	static const char *const cppdirs[] = {
		"define", "undef", "include", "include_next", "import", "if",
		"ifdef", "ifndef", "elif", "elifdef", "elifndef", "else",
		"endif", "error", "warning", "assert", "unassert", NULL
	};
	const char *p = pcb->pcb_ptr, *end = pcb->pcb_src + pcb->pcb_len, *w;
	dt_srcpos_t pos = pcb->pcb_pos;
	char name[PATH_MAX];
	long line = 0;
	int file = pos.sp_file;
	size_t n = 0;
	bool isline = false;

	for (w = p; w > pcb->pcb_src && (w[-1] == ' ' || w[-1] == '\t'); w--)
		;
	if (w > pcb->pcb_src && w[-1] != '\n')
		return (false);
	for (p++; p < end && (*p == ' ' || *p == '\t'); p++)
		;
	for (w = p; w < end && (isalnum((unsigned char)*w) || *w == '_'); w++)
		;
	if (w - p == 4 && strncmp(p, "line", 4) == 0) {
		isline = true;
		for (p = w; p < end && (*p == ' ' || *p == '\t'); p++)
			;
		if (p == end || !isdigit((unsigned char)*p))
			dt_cerror(pcb, "D_PRAGMA_MALFORM", pos, "malformed "
			    "#line <line> [ [\"file\"] state ]");
	} else if ((w - p == 5 && strncmp(p, "ident", 5) == 0) ||
	    (w - p == 4 && strncmp(p, "sccs", 4) == 0)) {
		while (w < end && *w != '\n')
			w++;
		advance(pcb, (size_t)(w - pcb->pcb_ptr));
		return (true);
	} else if (p == end || !isdigit((unsigned char)*p)) {
		for (int i = 0; cppdirs[i] != NULL; i++) {
			if ((size_t)(w - p) == strlen(cppdirs[i]) &&
			    strncmp(p, cppdirs[i], (size_t)(w - p)) == 0)
				dt_cerror(pcb, "D_PRAGCTL_INVAL", pos,
				    "invalid control directive: #%s "
				    "(preprocessor directives need -C)",
				    cppdirs[i]);
		}
		if (w > p && (w - p != 6 || strncmp(p, "pragma", 6) != 0))
			dt_cerror(pcb, "D_PRAGCTL_INVAL", pos, "invalid "
			    "control directive: #%.*s", (int)(w - p), p);
		return (false);
	}

	/* A line past INT_MAX is an error, as #line's is in C, but in
	   cpp's output (pcb_usrc set), whose markers go past it after
	   #line 2147483647, where it stops at INT_MAX. */
	for (; p < end && isdigit((unsigned char)*p); p++) {
		if (line <= INT_MAX)
			line = line * 10 + (*p - '0');
	}
	if (line > INT_MAX && (isline || pcb->pcb_usrc == NULL))
		dt_cerror(pcb, "D_SYNTAX", pos, "line number out of range in "
		    "line directive");
	if (line > INT_MAX)
		line = INT_MAX;
	for (w = p; w < end && (*w == ' ' || *w == '\t'); w++)
		;
	if (w < end && *w == '"') {
		/* The file name, a C string (cpp escapes '"', '\\' and
		   unprintable characters in octal). */
		for (p = w + 1; p < end && *p != '"' && *p != '\n'; p++) {
			int c = (unsigned char)*p;

			if (c == '\\' && p + 1 < end && p[1] >= '0' &&
			    p[1] <= '7') {
				c = 0;
				for (int d = 0; d < 3 && p + 1 < end &&
				    p[1] >= '0' && p[1] <= '7'; d++)
					c = c * 8 + *++p - '0';
			} else if (c == '\\' && p + 1 < end && p[1] != '\n') {
				c = (unsigned char)*++p;
			}
			if (n + 1 < sizeof (name))
				name[n++] = (char)c;
		}
		if (p == end || *p != '"' || n + 1 >= sizeof (name) ||
		    memchr(name, '\0', n) != NULL)
			dt_cerror(pcb, "D_SYNTAX", pos, "invalid file name in "
			    "line directive");
		name[n] = '\0';
		w = p + 1;
		file = strcmp(name, pcb->pcb_file != NULL ? pcb->pcb_file :
		    DT_CMDLINE) == 0 ? 0 : dt_srcfile_intern(pcb->pcb_hdl,
		    name);
		if (file < 0)
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	} else if (w < end && *w != '\n' && w == p) {
		/* "# 12x": DTrace reads one word, no number */
		if (isline)
			dt_cerror(pcb, "D_PRAGMA_MALFORM", pos, "malformed "
			    "#line <line> [ [\"file\"] state ]");
		dt_cerror(pcb, "D_PRAGCTL_INVAL", pos, "invalid control "
		    "directive");
	}
	/* The rest of the line: numbers (cpp's flags), or it is malformed. */
	for (;;) {
		while (w < end && (*w == ' ' || *w == '\t'))
			w++;
		if (w == end || *w == '\n' || *w == '\r')
			break;
		if (!isdigit((unsigned char)*w))
			dt_cerror(pcb, "D_PRAGMA_MALFORM", pos, "malformed "
			    "#line <line> [ [\"file\"] state ]");
		while (w < end && isalnum((unsigned char)*w))
			w++;
	}
	while (w < end && *w != '\n')
		w++;
	advance(pcb, (size_t)(w - pcb->pcb_ptr));
	/*
	 * A marker ("# 12") numbers the next line 12, as cpp means; #line
	 * 12 numbers it 13, as DTrace does (it sets the line of the
	 * directive's own newline, then counts that newline).
	 */
	if (isline && line < INT_MAX)
		line++;
	pcb->pcb_pos.sp_line = (int)line - (w < end);
	pcb->pcb_pos.sp_file = file;
	advance(pcb, 1);
	return (true);
}

static void
skip_space(dt_pcb_t *pcb)
{
	for (;;) {
		int c = peekc(pcb, 0);

		if (c == -1)
			return;
		if (c == '#' && lex_directive(pcb))
			continue;
		if (isspace(c)) {
			advance(pcb, 1);
		} else if (c == '/' && peekc(pcb, 1) == '*') {
			dt_srcpos_t pos = pcb->pcb_pos;

			advance(pcb, 2);
			while (peekc(pcb, 0) != -1 &&
			    !(peekc(pcb, 0) == '*' && peekc(pcb, 1) == '/'))
				advance(pcb, 1);
			if (peekc(pcb, 0) == -1)
				dt_cerror(pcb, "D_SYNTAX", pos,
				    "end-of-file encountered before matching "
				    "*/");
			advance(pcb, 2);
		} else if (c == '/' && peekc(pcb, 1) == '/') {
			while (peekc(pcb, 0) != -1 && peekc(pcb, 0) != '\n')
				advance(pcb, 1);
		} else {
			return;
		}
	}
}

static const struct {
	const char *kw;
	dt_tok_t tok;
} keywords[] = {
	{ "sizeof", T_SIZEOF },
	{ "int", T_KW_INT }, { "char", T_KW_CHAR }, { "short", T_KW_SHORT },
	{ "long", T_KW_LONG }, { "unsigned", T_KW_UNSIGNED },
	{ "signed", T_KW_SIGNED }, { "void", T_KW_VOID },
	{ "string", T_KW_STRING }, { "struct", T_KW_STRUCT },
	{ "union", T_KW_UNION }, { "enum", T_KW_ENUM },
	{ "float", T_KW_FLOAT }, { "double", T_KW_DOUBLE },
	{ NULL, T_EOF }
};

/* Operators, longest first within each leading character. */
static const struct {
	const char *op;
	dt_tok_t tok;
} operators[] = {
	{ "<<=", T_LSH_EQ }, { ">>=", T_RSH_EQ },
	{ "->", T_ARROW }, { "++", T_INC }, { "--", T_DEC },
	{ "<<", T_LSH }, { ">>", T_RSH }, { "<=", T_LE }, { ">=", T_GE },
	{ "==", T_EQ }, { "!=", T_NE }, { "&&", T_LAND }, { "||", T_LOR },
	{ "^^", T_LXOR }, { "+=", T_ADD_EQ }, { "-=", T_SUB_EQ },
	{ "*=", T_MUL_EQ }, { "/=", T_DIV_EQ }, { "%=", T_MOD_EQ },
	{ "&=", T_AND_EQ }, { "|=", T_OR_EQ }, { "^=", T_XOR_EQ },
	{ "(", T_LPAR }, { ")", T_RPAR }, { "{", T_LBRACE }, { "}", T_RBRACE },
	{ "[", T_LBRACK }, { "]", T_RBRACK }, { ",", T_COMMA },
	{ ";", T_SEMI }, { "?", T_QUESTION }, { ":", T_COLON },
	{ ".", T_DOT }, { "+", T_PLUS }, { "-", T_MINUS }, { "*", T_STAR },
	{ "/", T_SLASH }, { "%", T_MOD }, { "&", T_AND }, { "|", T_OR },
	{ "^", T_XOR }, { "~", T_NOT }, { "!", T_LNOT }, { "<", T_LT },
	{ ">", T_GT }, { "=", T_ASSIGN }, { "`", T_BACKQUOTE },
	{ NULL, T_EOF }
};

const char *
dt_tok_name(dt_tok_t t)
{
	for (int i = 0; operators[i].op != NULL; i++) {
		if (operators[i].tok == t)
			return (operators[i].op);
	}
	for (int i = 0; keywords[i].kw != NULL; i++) {
		if (keywords[i].tok == t)
			return (keywords[i].kw);
	}
	return ("?");
}

void
dt_tok_free(dt_token_t *tk)
{
	free(tk->tk_str);
	tk->tk_str = NULL;
}

/*
 * The escape sequence after a backslash, in a string or a character
 * constant: its character.  As in DTrace, only \\, \", \a \b \f \n \r
 * \t \v, octal and \x are escapes: after any other character (\', \?,
 * \c) the backslash stays, and *keptp is set to the character that
 * follows it (else 0).
 */
static int
escape(dt_pcb_t *pcb, dt_srcpos_t pos, int *keptp)
{
	int c = peekc(pcb, 0);
	int v = 0, n;

	*keptp = 0;
	if (c == -1 || c == '\n')
		return ('\\');	/* the caller reports the end */
	advance(pcb, 1);
	switch (c) {
	case 'n': return ('\n');
	case 't': return ('\t');
	case 'r': return ('\r');
	case 'a': return ('\a');
	case 'b': return ('\b');
	case 'f': return ('\f');
	case 'v': return ('\v');
	case '\\': return ('\\');
	case '"': return ('"');
	case 'x':
		for (n = 0; n < 2 && isxdigit(peekc(pcb, 0)); n++) {
			c = peekc(pcb, 0);
			v = v * 16 + (isdigit(c) ? c - '0' : tolower(c) - 'a' + 10);
			advance(pcb, 1);
		}
		if (n == 0)
			dt_cerror(pcb, "D_STR_BADESC", pos,
			    "invalid escape sequence \\x in string");
		return (v);
	default:
		if (c >= '0' && c <= '7') {
			v = c - '0';
			for (n = 1; n < 3 && peekc(pcb, 0) >= '0' &&
			    peekc(pcb, 0) <= '7'; n++) {
				v = v * 8 + peekc(pcb, 0) - '0';
				advance(pcb, 1);
			}
			return (v & 0xff);
		}
		*keptp = c;
		return ('\\');
	}
}

/*
 * The escapes of a string literal decoded in place in s, as the lexer
 * decodes them in a literal (escape() above): the text of a $$N macro
 * argument, or of a $N argument taken as a string, is read as the body
 * of a string literal.  A \x with no hex digit and a backslash ending
 * the text are dropped.  Returns the decoded length.
 */
size_t
dt_lex_unescape(char *s)
{
	char *p = s, *q = s;

	while (*p != '\0') {
		int c, v = 0, n;

		if (*p != '\\') {
			*q++ = *p++;
			continue;
		}
		c = *++p;
		if (c == '\0')
			break;
		p++;
		switch (c) {
		case 'n': *q++ = '\n'; break;
		case 't': *q++ = '\t'; break;
		case 'r': *q++ = '\r'; break;
		case 'a': *q++ = '\a'; break;
		case 'b': *q++ = '\b'; break;
		case 'f': *q++ = '\f'; break;
		case 'v': *q++ = '\v'; break;
		case '\\': *q++ = '\\'; break;
		case '"': *q++ = '"'; break;
		case 'x':
			for (n = 0; n < 2 && isxdigit((unsigned char)*p); n++, p++)
				v = v * 16 + (isdigit((unsigned char)*p) ?
				    *p - '0' : tolower((unsigned char)*p) - 'a' + 10);
			if (n > 0)
				*q++ = (char)v;
			break;
		default:
			if (c >= '0' && c <= '7') {
				v = c - '0';
				for (n = 1; n < 3 && *p >= '0' && *p <= '7';
				    n++, p++)
					v = v * 8 + *p - '0';
				*q++ = (char)(v & 0xff);
			} else {
				*q++ = '\\';
				*q++ = (char)c;
			}
		}
	}
	*q = '\0';
	return ((size_t)(q - s));
}

/*
 * The string is kept in tk->tk_str as it grows, so that an error in the
 * middle (a bad escape) leaves it where the compiler's cleanup frees it.
 */
static void
lex_string(dt_pcb_t *pcb, dt_token_t *tk)
{
	size_t cap = 32, len = 0;

	if ((tk->tk_str = malloc(cap)) == NULL)
		dt_cerror(pcb, "D_NOMEM", tk->tk_pos, "out of memory");
	advance(pcb, 1);
	for (;;) {
		int c = peekc(pcb, 0), kept = 0;

		if (c == -1 || c == '\n')
			dt_cerror(pcb, "D_STR_NL", tk->tk_pos,
			    "newline encountered in string literal");
		if (c == '"') {
			advance(pcb, 1);
			break;
		}
		if (c == '\\') {
			advance(pcb, 1);
			c = escape(pcb, pcb->pcb_pos, &kept);
		} else {
			advance(pcb, 1);
		}
		if (len + 3 > cap) {
			char *n = realloc(tk->tk_str, cap *= 2);

			if (n == NULL)
				dt_cerror(pcb, "D_NOMEM", tk->tk_pos,
				    "out of memory");
			tk->tk_str = n;
		}
		tk->tk_str[len++] = (char)c;
		if (kept != 0)
			tk->tk_str[len++] = (char)kept;
	}
	tk->tk_str[len] = '\0';
	tk->tk_kind = T_STRING;
	tk->tk_strlen = len;
}

static void
lex_number(dt_pcb_t *pcb, dt_token_t *tk)
{
	const char *start = pcb->pcb_ptr;
	char *end;
	uint64_t v;

	/* An octal constant is checked digit by digit: strtoull stops at 8. */
	if (start[0] == '0' && isdigit((unsigned char)start[1])) {
		for (end = (char *)start + 1; isdigit((unsigned char)*end);
		    end++) {
			if (*end > '7')
				dt_cerror(pcb, "D_INT_DIGIT", tk->tk_pos,
				    "invalid digit in octal constant");
		}
	}
	errno = 0;
	v = strtoull(start, &end, 0);
	if (errno == ERANGE)
		dt_cerror(pcb, "D_INT_OFLOW", tk->tk_pos,
		    "integer constant %.*s results in overflow",
		    (int)(end - start), start);
	advance(pcb, (size_t)(end - start));
	tk->tk_kind = T_INT;
	tk->tk_int = v;
	for (;;) {
		int c = peekc(pcb, 0);

		if (c == 'u' || c == 'U') {
			tk->tk_intu = 1;
		} else if (c == 'l' || c == 'L') {
			tk->tk_intl++;
		} else {
			break;
		}
		advance(pcb, 1);
	}
	if (isalnum(peekc(pcb, 0)) || peekc(pcb, 0) == '_')
		dt_cerror(pcb, "D_SYNTAX", tk->tk_pos,
		    "invalid suffix on integer constant");
}

void
dt_lex_next(dt_pcb_t *pcb, dt_token_t *tk)
{
	int c;

	memset(tk, 0, sizeof (*tk));
	skip_space(pcb);
	tk->tk_pos = pcb->pcb_pos;
	tk->tk_start = pcb->pcb_ptr;
	c = peekc(pcb, 0);

	if (c == -1) {
		tk->tk_kind = T_EOF;
	} else if (isalpha(c) || c == '_' || (isdigit(c) &&
	    peekc(pcb, word_len(pcb)) == '`')) {
		/* a digit starts a module's name in module`name (9pnet) */
		size_t n = word_len(pcb);

		/* names are copied into buffers of their declarations and
		   types ("struct NAME", "self->NAME"), sized for this */
		if (n > DT_IDENT_MAXLEN)
			dt_cerror(pcb, "D_IDENT_OFLOW", tk->tk_pos,
			    "identifier %.*s is too long: more than %d "
			    "characters", (int)n, pcb->pcb_ptr,
			    DT_IDENT_MAXLEN);

		tk->tk_kind = T_IDENT;
		for (int i = 0; keywords[i].kw != NULL; i++) {
			if (strlen(keywords[i].kw) == n &&
			    strncmp(keywords[i].kw, pcb->pcb_ptr, n) == 0)
				tk->tk_kind = keywords[i].tok;
		}
		if (tk->tk_kind == T_IDENT &&
		    (tk->tk_str = strndup(pcb->pcb_ptr, n)) == NULL)
			dt_cerror(pcb, "D_NOMEM", tk->tk_pos, "out of memory");
		advance(pcb, n);
	} else if (isdigit(c)) {
		lex_number(pcb, tk);
	} else if (c == '"') {
		lex_string(pcb, tk);
	} else if (c == '\'') {
		/*
		 * A character constant: as in C, several characters ('ab')
		 * make one integer, the first the most significant byte, up
		 * to the 8 bytes of a D integer; one character is a char,
		 * sign-extended.
		 */
		uint64_t v = 0;
		int n = 0, ch = 0, kept = 0;

		advance(pcb, 1);
		if (peekc(pcb, 0) == -1 || peekc(pcb, 0) == '\'')
			dt_cerror(pcb, "D_CHR_NULL", tk->tk_pos,
			    "empty character constant");
		while (peekc(pcb, 0) != '\'') {
			if (peekc(pcb, 0) == -1 || peekc(pcb, 0) == '\n')
				dt_cerror(pcb, "D_CHR_NL", tk->tk_pos,
				    "newline encountered in character "
				    "constant");
			if (peekc(pcb, 0) == '\\') {
				advance(pcb, 1);
				ch = escape(pcb, tk->tk_pos, &kept);
			} else {
				ch = peekc(pcb, 0);
				kept = 0;
				advance(pcb, 1);
			}
			for (;;) {
				if (++n > 8)
					dt_cerror(pcb, "D_CHR_OFLOW",
					    tk->tk_pos, "character constant "
					    "is too long");
				v = v << 8 | (uint8_t)ch;
				if (kept == 0)
					break;
				ch = kept;	/* \c is two characters */
				kept = 0;
			}
		}
		advance(pcb, 1);
		tk->tk_kind = T_INT;
		tk->tk_int = n == 1 ? (uint64_t)(int64_t)(signed char)ch : v;
	} else if (c == '@') {
		/* an aggregation: @name, or @ alone (the anonymous one) */
		size_t n = 1;

		while (isalnum(peekc(pcb, n)) || peekc(pcb, n) == '_')
			n++;
		tk->tk_kind = T_AGG;
		if ((tk->tk_str = strndup(pcb->pcb_ptr, n)) == NULL)
			dt_cerror(pcb, "D_NOMEM", tk->tk_pos, "out of memory");
		advance(pcb, n);
	} else if (c == '$') {
		size_t n = 1;

		if (peekc(pcb, 1) == '$')
			n++;
		while (isalnum(peekc(pcb, n)) || peekc(pcb, n) == '_')
			n++;
		if (n == 1 || (n == 2 && peekc(pcb, 1) == '$'))
			dt_cerror(pcb, "D_SYNTAX", tk->tk_pos,
			    "syntax error near \"$\"");
		tk->tk_kind = T_MACRO;
		if ((tk->tk_str = strndup(pcb->pcb_ptr, n)) == NULL)
			dt_cerror(pcb, "D_NOMEM", tk->tk_pos, "out of memory");
		advance(pcb, n);
	} else if (c == '#' && strncmp(pcb->pcb_ptr, "#pragma", 7) == 0) {
		tk->tk_kind = T_PRAGMA;
		advance(pcb, 7);
	} else {
		for (int i = 0; operators[i].op != NULL; i++) {
			size_t n = strlen(operators[i].op);

			if ((size_t)(pcb->pcb_src + pcb->pcb_len -
			    pcb->pcb_ptr) >= n &&
			    strncmp(pcb->pcb_ptr, operators[i].op, n) == 0) {
				tk->tk_kind = operators[i].tok;
				advance(pcb, n);
				tk->tk_len = n;
				return;
			}
		}
		tk->tk_kind = T_BAD;
		advance(pcb, 1);
	}
	tk->tk_len = (size_t)(pcb->pcb_ptr - tk->tk_start);
}

/* The next character after white space and comments, not consumed. */
int
dt_lex_peekc(dt_pcb_t *pcb)
{
	skip_space(pcb);
	return (peekc(pcb, 0));
}

/*
 * A probe description: the characters of provider:module:function:name,
 * with globs and macro variables ($target, $1, ...), which the parser
 * expands.
 */
void
dt_lex_probedesc(dt_pcb_t *pcb, dt_token_t *tk)
{
	size_t n = 0;
	int c;

	memset(tk, 0, sizeof (*tk));
	skip_space(pcb);
	tk->tk_pos = pcb->pcb_pos;
	tk->tk_start = pcb->pcb_ptr;
	while ((c = peekc(pcb, n)) != -1 && !isspace(c) && c != ',' &&
	    c != '{' && c != '/' && c != ';' && c != '}')
		n++;
	if (n == 0) {
		dt_lex_next(pcb, tk);
		return;
	}
	tk->tk_kind = T_PROBEDESC;
	if ((tk->tk_str = strndup(pcb->pcb_ptr, n)) == NULL)
		dt_cerror(pcb, "D_NOMEM", tk->tk_pos, "out of memory");
	advance(pcb, n);
	tk->tk_len = n;
}
