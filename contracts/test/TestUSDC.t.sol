// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./utils/Test.sol";
import {TestUSDC} from "../src/TestUSDC.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

contract TestUSDCTest is Test {
    TestUSDC internal usdc;
    address internal owner;
    address internal alice;

    function setUp() public {
        owner = makeAddr("owner");
        alice = makeAddr("alice");
        usdc = new TestUSDC(owner);
    }

    function test_Metadata() public view {
        assertEq(usdc.name(), "USD Coin", "name");
        assertEq(usdc.symbol(), "USDC", "symbol");
        assertEq(uint256(usdc.decimals()), 6, "6 decimals");
        assertEq(usdc.owner(), owner, "owner");
    }

    function test_Mint() public {
        vm.prank(owner);
        usdc.mint(alice, 5e6);
        assertEq(usdc.balanceOf(alice), 5e6, "minted balance");
        assertEq(usdc.totalSupply(), 5e6, "supply");
    }

    function test_RevertWhen_MintByNonOwner() public {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        usdc.mint(alice, 1);
    }

    function testFuzz_Mint(uint256 amount) public {
        amount = bound(amount, 0, 1e40);
        vm.prank(owner);
        usdc.mint(alice, amount);
        assertEq(usdc.balanceOf(alice), amount, "minted exactly");
    }
}
