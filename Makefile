# Installs setlist like a Linux tool: the program with the Swift runtime linked in (bin/setlist),
# manual pages, shell completions, and the .plsts file type with a desktop entry that imports it.
#
#   make install PREFIX=~/.local      # default /usr/local; DESTDIR is honoured for packaging
#   make uninstall PREFIX=~/.local    # removes exactly what install put there
#   make dist                         # setlist-VERSION-linux-ARCH.tar.gz: unpack and run
#
# Everything is first laid out in $(STAGE) as it will be under PREFIX; install copies that tree
# and records what it copied in share/setlist/installed-files, which uninstall reads.

PREFIX ?= /usr/local
DESTDIR ?=
VERSION := $(shell sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/SetlistModel/Values/SetlistVersion.swift)
ARCH := $(shell uname -m)
DIST := setlist-$(VERSION)-linux-$(ARCH)

SWIFT_BUILD := Scripts/release-build
STAGE := .build/stage
ROOT = $(DESTDIR)$(PREFIX)
MANIFEST := share/setlist/installed-files

.PHONY: all build stage install uninstall databases dist

all: stage

build:
	$(SWIFT_BUILD) --product setlist

# The tree install and dist copy: bin/, share/man/man1, completions, MIME package, desktop entry.
stage: build
	rm -rf $(STAGE)
	mkdir -p $(STAGE)/bin $(STAGE)/share/bash-completion/completions $(STAGE)/share/zsh/site-functions \
		$(STAGE)/share/fish/vendor_completions.d $(STAGE)/share/mime/packages $(STAGE)/share/applications
	strip -o $(STAGE)/bin/setlist "$$($(SWIFT_BUILD) --show-bin-path)/setlist"
	Scripts/man-pages $(STAGE)/share/man/man1 $(STAGE)/bin/setlist
	$(STAGE)/bin/setlist --generate-completion-script bash > $(STAGE)/share/bash-completion/completions/setlist
	$(STAGE)/bin/setlist --generate-completion-script zsh > $(STAGE)/share/zsh/site-functions/_setlist
	$(STAGE)/bin/setlist --generate-completion-script fish > $(STAGE)/share/fish/vendor_completions.d/setlist.fish
	cp Packaging/setlist.xml $(STAGE)/share/mime/packages/setlist.xml
	cp Packaging/setlist.desktop $(STAGE)/share/applications/setlist.desktop

install: stage
	cd $(STAGE) && find . -type f | sed 's|^\./||' | LC_ALL=C sort > ../staged-files
	@# Over an earlier install: remove the files it had that this one has not, so that nothing
	@# is left behind, now or at uninstall.
	@if [ -f "$(ROOT)/$(MANIFEST)" ]; then \
		LC_ALL=C sort "$(ROOT)/$(MANIFEST)" | LC_ALL=C comm -23 - .build/staged-files | grep -vx '$(MANIFEST)' | \
		while read -r file; do \
			rm -f "$(ROOT)/$$file"; \
			(cd "$(ROOT)" && rmdir -p --ignore-fail-on-non-empty "$$(dirname "$$file")" 2>/dev/null) || true; \
		done; \
	fi
	cd $(STAGE) && while read -r file; do \
		case "$$file" in bin/*) mode=755 ;; *) mode=644 ;; esac; \
		install -D -m $$mode "$$file" "$(ROOT)/$$file"; \
	done < ../staged-files
	{ cat .build/staged-files; echo $(MANIFEST); } > .build/installed-files
	install -D -m 644 .build/installed-files "$(ROOT)/$(MANIFEST)"
	@$(MAKE) --no-print-directory databases DATA="$(ROOT)/share"
	@echo "Installed setlist $(VERSION) in $(ROOT). Make sure $(PREFIX)/bin is on your PATH."

# Removes the files the manifest lists, then the folders that became empty, up to PREFIX.
uninstall:
	@test -f "$(ROOT)/$(MANIFEST)" || { echo "No setlist installed in $(ROOT) (no $(MANIFEST))." >&2; exit 1; }
	while read -r file; do rm -f "$(ROOT)/$$file"; done < "$(ROOT)/$(MANIFEST)"
	@$(MAKE) --no-print-directory databases DATA="$(ROOT)/share" REMOVING=1
	cd "$(ROOT)" && for dir in bin libexec/setlist share/setlist share/man/man1 share/bash-completion/completions \
		share/zsh/site-functions share/fish/vendor_completions.d share/mime/packages share/applications; do \
		[ -d "$$dir" ] && rmdir -p --ignore-fail-on-non-empty "$$dir" 2>/dev/null || true; \
	done
	@echo "Removed setlist from $(ROOT)."

# Brings the MIME and desktop databases up to date when their tools exist (not when packaging
# into DESTDIR: the package's own scripts do that on the target machine). When no other MIME
# package or desktop entry is left, the caches those tools wrote are setlist's alone: remove them.
MIME_CACHES := XMLnamespaces aliases generic-icons globs globs2 icons magic mime.cache subclasses treemagic types version
databases:
ifeq ($(DESTDIR),)
	@if [ -n "$(REMOVING)" ] && [ -z "$$(ls -A "$(DATA)/mime/packages" 2>/dev/null)" ]; then \
		for file in $(MIME_CACHES); do rm -f "$(DATA)/mime/$$file"; done; \
		rm -f "$(DATA)/mime/application/vnd.setlist.plsts+json.xml"; \
		rmdir "$(DATA)/mime/application" "$(DATA)/mime/packages" "$(DATA)/mime" 2>/dev/null || true; \
	elif command -v update-mime-database >/dev/null 2>&1; then update-mime-database "$(DATA)/mime"; fi
	@if [ -n "$(REMOVING)" ] && [ -z "$$(ls "$(DATA)/applications" 2>/dev/null | grep '\.desktop$$')" ]; then \
		rm -f "$(DATA)/applications/mimeinfo.cache"; \
	elif command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database "$(DATA)/applications"; fi
endif

dist: stage
	rm -rf .build/$(DIST) $(DIST).tar.gz
	mkdir -p .build/$(DIST)
	cp -R $(STAGE)/. .build/$(DIST)/
	cp README.md LICENSE .build/$(DIST)/
	epoch="$${SOURCE_DATE_EPOCH:-$$(git log -1 --format=%ct)}"; \
	tar -C .build --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$$epoch" -cf - $(DIST) | gzip -n > $(DIST).tar.gz
	@echo "Wrote $(DIST).tar.gz"
