/*
 * hostlock.c - the host's lock between the runners' driver phases and their energy reads. See
 * hostlock.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "hostlock.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define HOSTLOCK_DEFAULT "/tmp/stencil-repro-nvml.lock"

static const char *lock_path(void)
{
	const char *p = getenv("STENCIL_NVML_LOCK");
	if (p && !strcmp(p, "off"))
		return NULL;
	return p && *p ? p : HOSTLOCK_DEFAULT;
}

const char *hostlock_state(void)
{
	return lock_path() ? "on" : "off (STENCIL_NVML_LOCK=off: an experiment, not the protocol)";
}

int hostlock_open(void)
{
	const char *p = lock_path();
	if (!p)
		return -1;
	const mode_t old = umask(0);   /* every user's runners share the one file */
	const int fd = open(p, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
	umask(old);
	return fd;
}

void hostlock_close(int fd)
{
	if (fd >= 0)
		close(fd);
}

static int phase_fd = -2;   /* -2: not opened yet */

void hostlock_phase_begin(void)
{
	if (phase_fd == -2)
		phase_fd = hostlock_open();
	if (phase_fd >= 0)
		(void)flock(phase_fd, LOCK_SH);   /* interrupted: the phase goes on without it */
}

void hostlock_phase_end(void)
{
	if (phase_fd >= 0)
		flock(phase_fd, LOCK_UN);
}

int hostlock_quiet_try(int fd)
{
	return fd < 0 || flock(fd, LOCK_EX | LOCK_NB) == 0;
}

void hostlock_quiet_end(int fd)
{
	if (fd >= 0)
		flock(fd, LOCK_UN);
}
