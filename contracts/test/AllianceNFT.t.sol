// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./utils/Test.sol";
import {AllianceNFT} from "../src/AllianceNFT.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC721Enumerable} from "@openzeppelin/contracts/token/ERC721/extensions/IERC721Enumerable.sol";
import {ERC721Enumerable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Enumerable.sol";
import {IERC721Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";

contract AllianceNFTTest is Test {
    AllianceNFT internal nft;
    address internal owner;
    address internal alice;
    address internal bob;

    event AllianceMinted(address indexed to, uint256 indexed tokenId);

    function setUp() public {
        owner = makeAddr("owner");
        alice = makeAddr("alice");
        bob = makeAddr("bob");
        nft = new AllianceNFT(owner);
    }

    function _mint(address to) internal returns (uint256) {
        vm.prank(owner);
        return nft.mint(to);
    }

    function test_Metadata() public view {
        assertEq(nft.name(), "Bincentive Alliance", "name");
        assertEq(nft.symbol(), "BALLY", "symbol");
        assertEq(nft.owner(), owner, "owner");
        assertTrue(nft.supportsInterface(type(IERC721).interfaceId), "ERC-721");
        assertTrue(nft.supportsInterface(type(IERC721Enumerable).interfaceId), "enumerable");
    }

    function test_Mint() public {
        vm.expectEmit(true, true, false, true, address(nft));
        emit AllianceMinted(alice, 1);
        uint256 id = _mint(alice);
        assertEq(id, 1, "first id is 1");
        assertEq(nft.ownerOf(1), alice, "owner of token");
        assertEq(nft.balanceOf(alice), 1, "balance");
        assertEq(nft.tokenOfOwnerByIndex(alice, 0), 1, "enumerable per owner");
        assertEq(nft.totalSupply(), 1, "total supply");
        assertEq(_mint(alice), 2, "ids are sequential");
    }

    function test_RevertWhen_MintByNonOwner() public {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        nft.mint(alice);
    }

    function test_RevertWhen_MintToZero() public {
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721InvalidReceiver.selector, address(0)));
        vm.prank(owner);
        nft.mint(address(0));
    }

    function test_TransferUpdatesEnumeration() public {
        _mint(alice);
        _mint(alice);
        _mint(bob);
        vm.prank(alice);
        nft.transferFrom(alice, bob, 1);

        assertEq(nft.balanceOf(alice), 1, "alice keeps one");
        assertEq(nft.tokenOfOwnerByIndex(alice, 0), 2, "alice holds token 2");
        uint256[] memory bobs = nft.tokensOfOwner(bob);
        assertEq(bobs.length, 2, "bob holds two");
        assertEq(bobs[0], 3, "bob's first token");
        assertEq(bobs[1], 1, "bob's received token");
    }

    function test_RevertWhen_TokenOfOwnerByIndexOutOfBounds() public {
        _mint(alice);
        vm.expectRevert(abi.encodeWithSelector(ERC721Enumerable.ERC721OutOfBoundsIndex.selector, alice, 1));
        nft.tokenOfOwnerByIndex(alice, 1);
    }

    function testFuzz_MintMany(uint256 count) public {
        count = bound(count, 1, 20);
        for (uint256 i = 0; i < count; i++) {
            _mint(i % 2 == 0 ? alice : bob);
        }
        assertEq(nft.totalSupply(), count, "supply equals mints");
        assertEq(nft.balanceOf(alice) + nft.balanceOf(bob), count, "balances add up");
        assertEq(nft.tokensOfOwner(alice).length, (count + 1) / 2, "alice's ids listed");
        assertEq(nft.lastTokenId(), count, "last id");
    }
}
