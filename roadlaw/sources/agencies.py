"""The licensing agencies a source link must name, in the manual's own words.

Most links name their site well enough by their host ("mgaleg.maryland.gov"). Two kinds do not:

    a manual with no official address in manual-urls.tsv (SC, RI): its passages link the
        agency site the manual itself names, said as the agency's site, never as the page;
    a manual kept on a storage host (MN's on s3.us-east-2.amazonaws.com): its link is
        said with the agency's name, not the host's.

Each agency carries where its manual names it (page and words), which tests check against
the mirror, so a name or an address here is the manual's, not a guess.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Agency:
    """A state's licensing agency as its manual names it."""

    name: str
    # The web address the manual gives for the agency.
    site: str
    # The manual's page and words that give `site`: tests find them in the mirror's manual.
    page: int
    said: str
    # Hosts that serve the agency's files without saying whose they are.
    files_at: tuple[str, ...] = ()


AGENCIES: dict[str, Agency] = {
    "MN": Agency(
        name="Minnesota Driver and Vehicle Services",
        site="https://drive.mn.gov",
        page=4,
        said="Minnesota Department of Public Safety’s Driver and\nVehicle Services (DVS) division website drive.mn.gov",
        files_at=("s3.us-east-2.amazonaws.com",),
    ),
    "RI": Agency(
        name="Rhode Island Division of Motor Vehicles",
        site="https://www.dmv.ri.gov",
        page=1,
        said="Please visit us: www.dmv.ri.gov",
    ),
    "SC": Agency(
        name="South Carolina Department of Motor Vehicles (SCDMV)",
        site="https://www.scdmvonline.com",
        page=2,
        said="please visit the SCDMV website at www.scdmvonline.com",
    ),
}


def host_of(url: str) -> str:
    """The site a link goes to, for its text: "mgaleg.maryland.gov"."""
    host = urlsplit(url).hostname or ""
    return host.removeprefix("www.") or url


def manual_page_link(state: str, manual_url: str, page: int) -> str:
    """Where a manual passage links: its page of the official manual, else the agency's site, else nowhere ("")."""
    if manual_url:
        return f"{manual_url}#page={page}"
    agency = AGENCIES.get(state)
    return agency.site if agency else ""


@dataclass(frozen=True)
class Link:
    """A source's link: where it goes ("" for nowhere) and what its words say of it."""

    url: str
    # "page": the official page itself; "agency": the agency's site, where its manual is found.
    goes_to: str
    # Who or what is named in the link's words: a host, or the agency's name.
    site: str


def official_link(state: str, url: str) -> Link:
    """The link a source of `state` at `url` shows, naming the agency where the address does not."""
    agency = AGENCIES.get(state)
    if not url:
        return Link(agency.site, "agency", agency.name) if agency else Link("", "page", "")
    if agency and url.rstrip("/") == agency.site:
        return Link(url, "agency", agency.name)
    if agency and (urlsplit(url).hostname or "") in agency.files_at:
        return Link(url, "page", agency.name)
    return Link(url, "page", host_of(url))
