// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Enumerable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Enumerable.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title Alliance NFT
/// @notice ERC-721, enumerable per owner (`tokenOfOwnerByIndex`) and globally. Only the owner
/// mints; ids are sequential from 1. A registered holder gets loyalty level 3 off chain.
contract AllianceNFT is ERC721, ERC721Enumerable, Ownable {
    /// @notice The id of the last minted token (0 before the first mint).
    uint256 public lastTokenId;

    /// @notice Token `tokenId` was minted to `to` (the ERC-721 Transfer event is emitted too).
    event AllianceMinted(address indexed to, uint256 indexed tokenId);

    constructor(address initialOwner) ERC721("Bincentive Alliance", "BALLY") Ownable(initialOwner) {}

    /// @notice Mints the next id to `to`. Owner only.
    /// @return tokenId The minted id.
    function mint(address to) external onlyOwner returns (uint256 tokenId) {
        tokenId = ++lastTokenId;
        _safeMint(to, tokenId);
        emit AllianceMinted(to, tokenId);
    }

    /// @notice Ids held by `owner` (convenience over `tokenOfOwnerByIndex`).
    function tokensOfOwner(address owner) external view returns (uint256[] memory ids) {
        uint256 count = balanceOf(owner);
        ids = new uint256[](count);
        for (uint256 i = 0; i < count; i++) {
            ids[i] = tokenOfOwnerByIndex(owner, i);
        }
    }

    // ------------------------------------------------------------------ required overrides

    function _update(address to, uint256 tokenId, address auth)
        internal
        override(ERC721, ERC721Enumerable)
        returns (address)
    {
        return super._update(to, tokenId, auth);
    }

    function _increaseBalance(address account, uint128 value) internal override(ERC721, ERC721Enumerable) {
        super._increaseBalance(account, value);
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC721, ERC721Enumerable) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
