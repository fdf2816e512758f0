# SPDX-License-Identifier: BSL-1.0
# cmake -DREPO=<repository root> -P check_header_layout.cmake
#
# Two promises of the headers that no compiler checks (issue 24, item 6):
#  - a name a user writes is defined in a public header: a header under
#    include/odeint_contact/detail/ defines nothing in namespace odeint_contact outside its
#    `namespace detail { ... }` blocks (a forward declaration `struct X;` is allowed);
#  - the errata are cited by their number in doc/theory.md: the headers and doc/ cite "Errata
#    item N" (or "[errata](theory.md#errata), item N"), with N an item that list has, and never
#    "errata section" (the numbering of working notes that are not part of the repository).
# Fails naming the file and the offending text. Only string operations on the text (C++ has ';').

cmake_minimum_required(VERSION 3.16)
set(problems "")

# --- definitions outside namespace detail in detail/ ---------------------------------------------
file(GLOB_RECURSE detail_headers ${REPO}/include/odeint_contact/detail/*.hpp)
foreach(header IN LISTS detail_headers)
    file(READ ${header} text)
    string(REPLACE ";" "<semicolon>" text "${text}")  # kept whole by the list operations below
    # Cut every `namespace detail {` ... `}  // namespace detail` block.
    while(TRUE)
        string(FIND "${text}" "namespace detail {" open)
        if(open EQUAL -1)
            break()
        endif()
        string(SUBSTRING "${text}" ${open} -1 rest)
        string(FIND "${rest}" "}  // namespace detail" close)
        if(close EQUAL -1)
            string(APPEND problems "${header}: a `namespace detail {` without `}  // namespace detail`\n")
            break()
        endif()
        string(SUBSTRING "${text}" 0 ${open} before)
        math(EXPR after "${open} + ${close} + 22")
        string(SUBSTRING "${text}" ${after} -1 tail)
        set(text "${before}${tail}")
    endwhile()
    # What is left at namespace scope: a definition of a type, alias, variable or function.
    string(REGEX MATCHALL "\n(struct|class|union|enum|using|inline|constexpr|typedef)[^\n]*" found "${text}")
    foreach(line IN LISTS found)
        string(STRIP "${line}" line)
        if(line MATCHES "^(struct|class|union) [A-Za-z_0-9]+<semicolon>$")
            continue()  # a forward declaration
        endif()
        string(APPEND problems "${header}: defined outside namespace detail: ${line}\n")
    endforeach()
endforeach()

# --- errata citations --------------------------------------------------------------------------
file(READ ${REPO}/doc/theory.md theory)
string(FIND "${theory}" "\n## Errata" errata_start)
if(errata_start EQUAL -1)
    string(APPEND problems "doc/theory.md: no `## Errata` section\n")
    set(items 0)
else()
    string(SUBSTRING "${theory}" ${errata_start} -1 errata)
    string(FIND "${errata}" "\n## References" errata_end)
    string(SUBSTRING "${errata}" 0 ${errata_end} errata)
    string(REGEX MATCHALL "\n[0-9]+\\. \\*\\*" numbered "${errata}")
    list(LENGTH numbered items)
endif()
file(GLOB_RECURSE cited ${REPO}/include/odeint_contact/*.hpp ${REPO}/doc/*.md)
foreach(file IN LISTS cited)
    file(READ ${file} text)
    string(REPLACE ";" "," text "${text}")
    string(REGEX MATCHALL "[Ee]rrata section[s]? [0-9]+" stale "${text}")
    foreach(citation IN LISTS stale)
        string(APPEND problems "${file}: \"${citation}\": cite doc/theory.md's Errata item instead\n")
    endforeach()
    string(REGEX MATCHALL "[Ee]rrata item [0-9]+|theory\\.md#errata\\), items? [0-9]+( and [0-9]+)?" citations "${text}")
    foreach(citation IN LISTS citations)
        string(REGEX MATCHALL "[0-9]+" numbers "${citation}")
        foreach(n IN LISTS numbers)
            if(n LESS 1 OR n GREATER items)
                string(APPEND problems "${file}: \"${citation}\": doc/theory.md has errata items 1 to ${items}\n")
            endif()
        endforeach()
    endforeach()
endforeach()

if(problems)
    string(REPLACE "<semicolon>" ";" problems "${problems}")
    message(FATAL_ERROR "${problems}")
endif()
message(STATUS "header layout: detail/ defines no public names; errata citations agree with doc/theory.md (${items} items)")
